import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secrets.ts';

describe('secret box', () => {
  const box = createSecretBox('a'.repeat(32));
  it('round-trips and never stores the plain text', () => {
    const sealed = box.seal('camera-pass');
    expect(sealed).not.toContain('camera-pass');
    expect(box.open(sealed)).toBe('camera-pass');
    expect(box.seal('camera-pass')).not.toBe(sealed); // fresh IV each time
  });
  it('refuses tampered or foreign ciphertext', () => {
    const sealed = box.seal('x');
    const parts = sealed.split(':');
    // One bit of the ciphertext flipped (a fixed replacement byte was the ciphertext itself once in 256 runs).
    const cipher = Buffer.from(parts[3]!, 'base64url');
    cipher[0]! ^= 1;
    parts[3] = cipher.toString('base64url');
    expect(() => box.open(parts.join(':'))).toThrow();
    expect(() => createSecretBox('b'.repeat(32)).open(sealed)).toThrow();
  });
});
