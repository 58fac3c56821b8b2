/** Byte units, defined once. Binary units throughout, as iostat's kB and fio's KiB are. */
export const KiB = 1024;
export const MiB = 1024 * KiB;
export const GiB = 1024 * MiB;
