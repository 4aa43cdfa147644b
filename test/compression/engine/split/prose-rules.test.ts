import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { markdownBlocks } from '../../../../server/compression/engine/split/markdown-blocks.js';
import { segment } from '../../../../server/compression/engine/split/segment.js';

const slice = (text: string, s: { start: number; end: number }) => text.slice(s.start, s.end);

describe('coarse units on real hard-wrapped text', () => {
  it('joins a sentence wrapped over several lines of a licence (express LICENSE) into one unit', () => {
    const text = readFileSync('node_modules/express/LICENSE', 'utf8');
    const sentences = segment(text, false).flatMap((b) => b.sentences.map((s) => slice(text, s)));
    const grant = sentences.find((s) => s.startsWith('Permission is hereby granted'))!;
    expect(grant.split('\n').length).toBeGreaterThan(3);
    expect(grant.endsWith('conditions:')).toBe(true);
    // the copyright lines are short and stay lines of their own
    expect(sentences.filter((s) => s.startsWith('Copyright (c)'))).toHaveLength(3);
  });
});

describe('markdown ranks content before decoration (express README)', () => {
  const text = readFileSync('node_modules/express/Readme.md', 'utf8');
  const sentences = markdownBlocks(text).flatMap((b) => b.sentences);
  const holding = (needle: string) => sentences.find((s) => slice(text, s).includes(needle))!;

  it('badges, the table of contents and the triager list rank down; code and a section lead up', () => {
    expect(holding('[![NPM Version]').bonus).toBeLessThan(0);
    expect(holding('- [Contributing](#contributing)').bonus).toBeLessThan(0);
    expect(holding('[aravindvnair99]').bonus).toBeLessThan(0);
    expect(holding('npm install express').bonus).toBeGreaterThan(0);
  });

  it('a long fenced block is cut along its lines between its fences', () => {
    const code = holding("import express from 'express'");
    expect(code.shortenable).toBe(true);
    expect(slice(text, code.prefix!)).toBe('```js');
    expect(slice(text, code.companions![0]!)).toBe('```');
    expect(code.pieces.map((t) => slice(text, t))[0]).toBe("import express from 'express'");
  });
});
