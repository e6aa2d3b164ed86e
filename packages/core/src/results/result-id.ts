import { randomBytes } from 'node:crypto';

/** 128 random bits in base64url: 22 characters nobody can guess or enumerate. */
export const RESULT_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function newResultId(): string {
  return randomBytes(16).toString('base64url');
}

/** A namespace of its own for a server that is not told to share one: 64 random bits. */
export function newNamespace(): string {
  return randomBytes(8).toString('base64url');
}
