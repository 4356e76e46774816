import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { messageOf } from '@china-holiday-calendar/core/message-of.js';

/**
 * Signed datasets: the manifest's exact bytes signed with Ed25519 (Node's crypto, RFC 8032), the
 * signature written beside it as `manifest.json.sig` in base64. The manifest lists every year
 * file's SHA-256, so one signature covers the whole dataset. docs/operators.md, "One dataset for a fleet".
 */

export class SigningKeyError extends Error {
  override name = 'SigningKeyError';
}

/** The writer's Ed25519 private key, from a PEM file (PKCS#8, as `openssl genpkey -algorithm ed25519` writes it). */
export function readSigningKey(path: string, setting: string): KeyObject {
  return keyFrom(path, setting, (pem) => createPrivateKey({ key: pem, format: 'pem' }), 'an Ed25519 private key in PEM (PKCS#8: openssl genpkey -algorithm ed25519)');
}

/** A reader's Ed25519 public key, from a PEM file (SPKI, as `openssl pkey -pubout` writes it). */
export function readVerifyingKey(path: string, setting: string): KeyObject {
  return keyFrom(path, setting, (pem) => createPublicKey({ key: pem, format: 'pem' }), 'an Ed25519 public key in PEM (SPKI: openssl pkey -in key.pem -pubout)');
}

function keyFrom(path: string, setting: string, parse: (pem: string) => KeyObject, expected: string): KeyObject {
  let pem: string;
  try {
    pem = readFileSync(path, 'utf8');
  } catch (error) {
    throw new SigningKeyError(`${setting}: ${path} cannot be read (${messageOf(error)})`);
  }
  let key: KeyObject;
  try {
    key = parse(pem);
  } catch {
    throw new SigningKeyError(`${setting}: ${path} is not ${expected}`);
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new SigningKeyError(`${setting}: ${path} is a ${key.asymmetricKeyType ?? 'symmetric'} key, not ${expected}`);
  return key;
}

/** The text of `manifest.json.sig`: the base64 signature of the manifest's bytes, and a newline. */
export function signManifest(manifest: string, key: KeyObject): string {
  return `${sign(null, Buffer.from(manifest, 'utf8'), key).toString('base64')}\n`;
}

/** Whether `signature` (the text of `manifest.json.sig`) is the key's signature of the manifest's exact bytes. */
export function verifyManifest(manifest: string, signature: string, key: KeyObject): boolean {
  const encoded = signature.trim();
  // An Ed25519 signature is 64 bytes: 88 base64 characters.
  if (!/^[A-Za-z0-9+/]{86}==$/.test(encoded)) return false;
  return verify(null, Buffer.from(manifest, 'utf8'), key, Buffer.from(encoded, 'base64'));
}
