import { describe, expect, it } from 'vitest';
import { compressToolOutput } from '../../../../server/compression/engine/formats/compress-tool-output.js';
import { compressJson } from '../../../../server/compression/engine/formats/json-compressor.js';
import { compressLog } from '../../../../server/compression/engine/formats/log-compressor.js';
import { compressTable } from '../../../../server/compression/engine/formats/table-compressor.js';
import { countTokens } from '../../../../server/compression/engine/text/tokens.js';
import { longDocument } from '../../../helpers/texts.js';
import { readRepoFile, scoredText } from './format-input-helper.js';
import { fixture, serviceLog } from './fixtures.js';

describe('compressToolOutput', () => {
  it.each([
    ['json', readRepoFile('node_modules/express/package.json'), compressJson],
    ['log', serviceLog().text, compressLog],
    ['table', fixture('ps.txt'), compressTable],
  ] as const)('sends %s to its compressor', (format, text, compressor) => {
    const input = scoredText(text).input(Math.round(countTokens(text) / 4));
    const result = compressToolOutput(input);
    expect(result.format).toBe(format);
    expect(result.output).toBe(compressor(input));
  });

  it('sends plain text to the text engine over the whole span', () => {
    const text = longDocument(2);
    const scored = scoredText(text);
    const input = scored.input(60);
    const result = compressToolOutput(input);
    expect(result.format).toBe('text');
    expect(result.output).toBe(input.compressSpan({ start: 0, end: text.length }, 60));
  });
});
