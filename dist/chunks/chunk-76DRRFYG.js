import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);

// src/util/errors.ts
var ProfilerError = class extends Error {
  constructor(message, remedy) {
    super(remedy ? `${message} ${remedy}` : message);
    this.remedy = remedy;
    this.name = new.target.name;
  }
  remedy;
};
var InputError = class extends ProfilerError {
  constructor(input, given, allowed) {
    super(`Input '${input}' is invalid: got ${JSON.stringify(given)}.`, `Allowed: ${allowed}.`);
    this.input = input;
    this.given = given;
    this.allowed = allowed;
  }
  input;
  given;
  allowed;
};
function errorMessage(error) {
  return error instanceof Error ? error.message : String(error);
}

export {
  ProfilerError,
  InputError,
  errorMessage
};
