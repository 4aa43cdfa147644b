import { readdirSync, readFileSync } from 'node:fs';
import { countTokens as o200kCount } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { countTokens } from '../../../../server/compression/engine/text/tokens.js';

const whole = (text: string) => (text.length ? o200kCount(text, { disallowedSpecial: new Set<string>() }) : 0);

/** Every package README under node_modules (prose, code, tables, URLs, odd Unicode). */
function readmes(): string[] {
  const out: string[] = [];
  for (const dir of readdirSync('node_modules', { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    const file = readdirSync(`node_modules/${dir.name}`, { withFileTypes: true }).find((f) => f.isFile() && /^readme\.md$/iu.test(f.name));
    if (file) out.push(readFileSync(`node_modules/${dir.name}/${file.name}`, 'utf8'));
  }
  return out;
}

describe('countTokens (pieces counted once, summed)', () => {
  it('equals the whole-text o200k count on real READMEs', () => {
    const texts = readmes();
    expect(texts.length).toBeGreaterThan(50);
    for (const t of texts) expect(countTokens(t)).toBe(whole(t));
    // A second pass reads the remembered pieces: still exact.
    for (const t of texts.slice(0, 20)) expect(countTokens(t)).toBe(whole(t));
  });

  it('equals the whole-text count on random mixes of the characters where pre-tokens meet', () => {
    const parts = ['a', 'Bc', ' ', '  ', '\n', '\n\n', '\t', '/', '.', ',', '1', '23', '4567', "'s", "'", '-', '\u00a0', 'é', '日本', '😀', '\r\n', '<|endoftext|>', '//', '.\n/', ' /', '{', '"', ':', '[', ']', '*', '#', '\u2028', '\u3000', ' \n', '\n ', 'don\'t', 'HTTP', '\v', '\f'];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const mismatches: string[] = [];
    for (let i = 0; i < 5000; i++) {
      let s = '';
      for (let j = 1 + Math.floor(random() * 30); j > 0; j--) s += parts[Math.floor(random() * parts.length)];
      if (countTokens(s) !== whole(s)) mismatches.push(JSON.stringify(s));
    }
    expect(mismatches).toEqual([]);
  });

  it('counts the empty string as 0 and special-token text as plain text', () => {
    expect(countTokens('')).toBe(0);
    expect(countTokens('a <|endoftext|> b')).toBe(whole('a <|endoftext|> b'));
  });
});
