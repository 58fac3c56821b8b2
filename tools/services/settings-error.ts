/** A settings update that does not validate; its message names the field, the value given and what is allowed. */
export class SettingsError extends Error {}
