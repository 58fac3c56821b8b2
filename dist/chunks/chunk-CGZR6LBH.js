import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);

// src/util/cleanup-words.ts
function putBackSentence(names, whose) {
  return `Put ${names.join(" and ")} back as they were before ${whose ? `${whose}'s` : "the"} page-cache experiment.`;
}
function removedLeftBehind(what, dirs) {
  return `Removed ${what} left behind: ${dirs.join(", ")}`;
}
function leftInPlace(what, reason) {
  return `left ${what} in place: ${reason}.`;
}
function privateMachineSentence(d) {
  return `Profiles of other users on this machine can be neither seen nor waited for: the shared directory was not safe to use (${d.reason}), so this profile met only this user's profiles, in ${d.path}.`;
}

export {
  putBackSentence,
  removedLeftBehind,
  leftInPlace,
  privateMachineSentence
};
