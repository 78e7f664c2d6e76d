import { describe, expect, it } from 'vitest';
import { GENERAL_MESSAGES, MSG } from './messages';
import { ASSET_MESSAGES } from './messages-assets';
import { INPUT_MESSAGES } from './messages-inputs';

describe('the message catalogue', () => {
  it('holds each key in one part only, so no part overrides another', () => {
    const parts = [GENERAL_MESSAGES, ASSET_MESSAGES, INPUT_MESSAGES].map((p) => Object.keys(p));
    const all = parts.flat();
    expect(all.filter((key, i) => all.indexOf(key) !== i)).toEqual([]);
    expect(Object.keys(MSG)).toHaveLength(all.length);
  });
});
