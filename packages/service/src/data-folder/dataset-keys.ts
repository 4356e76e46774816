import { createHash, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { messageOf } from '@china-holiday-calendar/core/message-of.js';

/**
 * The keys of signed datasets, from their PEM files: the writer's Ed25519 private key, and the
 * public keys a reader trusts, each with its key id (the hex SHA-256 of the public key's SPKI
 * DER), which lets readers trust several keys at once, so that a key is rotated one side at a
 * time. Signing and verifying the manifest is manifest.ts's. docs/operators.md, "One dataset for
 * a fleet".
 */

export class SigningKeyError extends Error {
  override name = 'SigningKeyError';
}

/** A public key a reader trusts, with its id. */
export interface TrustedKey {
  readonly id: string;
  readonly key: KeyObject;
}

const PUBLIC_KEY_HINT = 'an Ed25519 public key in PEM (SPKI: openssl pkey -in key.pem -pubout)';

/** The writer's Ed25519 private key, from a PEM file (PKCS#8, as `openssl genpkey -algorithm ed25519` writes it). */
export function readSigningKey(path: string, setting: string): KeyObject {
  const expected = 'an Ed25519 private key in PEM (PKCS#8: openssl genpkey -algorithm ed25519)';
  return ed25519(parsed(readPem(path, setting), (pem) => createPrivateKey({ key: pem, format: 'pem' }), `${setting}: ${path} is not ${expected}`), `${setting}: ${path}`, expected);
}

/**
 * A reader's trusted Ed25519 public keys, from a PEM file holding one or more (SPKI, as `openssl
 * pkey -pubout` writes them, one after the other). A private key is refused, not turned into its
 * public half: it would mean the writer's secret was handed to every reader.
 */
export function readVerifyingKeys(path: string, setting: string): readonly TrustedKey[] {
  const text = readPem(path, setting);
  const blocks = [...text.matchAll(/-----BEGIN ([A-Z0-9 ]+)-----[\s\S]*?-----END \1-----/g)];
  if (blocks.some(([, label = '']) => label.includes('PRIVATE KEY'))) {
    throw new SigningKeyError(
      `${setting}: ${path} holds a private key: a reader is given only the writer's public key (openssl pkey -in key.pem -pubout); the signing key stays with the writer, and one mounted in a reader should be replaced`,
    );
  }
  if (blocks.length === 0) throw new SigningKeyError(`${setting}: ${path} is not ${PUBLIC_KEY_HINT}`);
  const keys = new Map<string, TrustedKey>();
  for (const [block] of blocks) {
    const key = ed25519(parsed(block, (pem) => createPublicKey({ key: pem, format: 'pem' }), `${setting}: ${path} is not ${PUBLIC_KEY_HINT}`), `${setting}: ${path}`, PUBLIC_KEY_HINT);
    const id = keyIdOf(key);
    keys.set(id, { id, key });
  }
  return [...keys.values()];
}

/** A key's id: the hex SHA-256 of its public key's SPKI DER (of the public half, for a private key). */
export function keyIdOf(key: KeyObject): string {
  const publicKey = key.type === 'private' ? createPublicKey(key) : key;
  return createHash('sha256').update(publicKey.export({ type: 'spki', format: 'der' })).digest('hex');
}

function readPem(path: string, setting: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new SigningKeyError(`${setting}: ${path} cannot be read (${messageOf(error)})`);
  }
}

function parsed(pem: string, parse: (pem: string) => KeyObject, refusal: string): KeyObject {
  try {
    return parse(pem);
  } catch {
    throw new SigningKeyError(refusal);
  }
}

function ed25519(key: KeyObject, named: string, expected: string): KeyObject {
  if (key.asymmetricKeyType !== 'ed25519') throw new SigningKeyError(`${named} is a ${key.asymmetricKeyType ?? 'symmetric'} key, not ${expected}`);
  return key;
}
