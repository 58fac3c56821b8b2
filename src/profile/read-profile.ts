/** Reads a saved profile file and validates it, naming the file in every error. */
import { readFileSync } from 'node:fs';
import type { Profile } from './schema.js';
import { validateProfile } from './validate.js';
import { errorMessage } from '../util/errors.js';

export function readProfileFile(file: string): Profile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read profile ${file}: ${errorMessage(error)}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not JSON: ${errorMessage(error)}`);
  }
  try {
    return validateProfile(parsed);
  } catch (error) {
    throw new Error(`${file} is not a disk-profiler profile: ${errorMessage(error)}`);
  }
}
