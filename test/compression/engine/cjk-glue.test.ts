import { describe, expect, it } from 'vitest';
import { matchScores, PLAIN_MATCH, terms } from '../../../server/compression/engine/score/lexical.js';
import { LEXICAL_MATCH } from '../../../server/compression/engine/select/compress-text.js';

// Real text: Debian's manpages-zh and manpages-ja (bench/quality/multilingual), one sentence a span.
const ZH = [
  'Mirror 是以 Perl 所写成的一套在执行它的机器与一台远端主机 之间使用 ftp 协定复制整个目录架构及其内容的软体。',
  '这个行为可以通过 --sparse=auto 指定。',
  '这个结构体以连接实体地址填充.',
  '这个命令装载一个共享库文件到PostgreSQL服务器的地址空间。',
  '在 The TeXbook 中讲述了 TeX 的功能和语言。',
];
const spansOf = (parts: string[]) => {
  let at = 0;
  return parts.map((p) => {
    const span = { start: at, end: at + p.length };
    at += p.length + 1;
    return span;
  });
};

describe('Chinese and Japanese question words and demonstratives are not terms', () => {
  it('cuts the pairs at them, so only the words around them are matched', () => {
    expect(terms('Mirror 这个软件是用什么语言写的？')).toEqual(['mirror', '软件', '件是', '是用', '语言', '言写', '写的']);
    expect(terms('format 默认是什么值？')).toEqual(['format', '默认', '认是', '值']);
    expect(terms('実際にはたいていどのエディターが使われていますか？')).not.toContain('どの');
    expect(terms('実際にはたいていどのエディターが使われていますか？')).not.toContain('いど');
    expect(terms('実際にはたいていどのエディターが使われていますか？')).toContain('エデ');
  });

  it('scores nothing for a sentence that shares only 这个 ("this") with the question', () => {
    const text = ZH.join('\n');
    for (const match of [PLAIN_MATCH, LEXICAL_MATCH]) {
      const scores = matchScores(text, spansOf(ZH), 'Mirror 这个软件是用什么语言写的？', match);
      expect(scores[0]!).toBeGreaterThan(0);
      expect(scores[1]).toBe(0);
    }
  });

  it('drops a lone hiragana character (a particle after a name: "ul は"), not a lone kanji', () => {
    expect(terms('アンダーラインを出せない端末で強調表示ができるとき ul はどうする？')).not.toContain('は');
    expect(terms('ul は、 指定されたファイル (指定されていなければ標準入力) を読み')).not.toContain('を');
    expect(terms('format 默认是什么值？')).toContain('值');
    expect(terms('-ms と -me はいずれも適切なマクロです。')).toEqual(expect.arrayContaining(['ms', 'me', 'マク']));
    expect(terms('-ms と -me はいずれも適切なマクロです。')).not.toContain('と');
  });

  it('keeps content words that merely contain a glue character', () => {
    expect(terms('文件的内容')).toEqual(['文件', '件的', '的内', '内容']);
    expect(terms('ファイルシステム')).toContain('シス');
  });
});
