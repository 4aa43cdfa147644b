import { describe, expect, it } from 'vitest';
import { cutText } from '../../../server/compression/engine/select/compress-text.js';
import { segment } from '../../../server/compression/engine/split/segment.js';
import { countTokens } from '../../../server/compression/engine/text/tokens.js';
import { splitWords } from '../../../server/model/words.js';

// Real text: Debian's manpages-zh (bench/quality/multilingual, a development question's haystack).
const TEX =
  'TeX 格式化指定的文件中包含着命令的文本，输出一个设备无关的文件 (称为 DVI ，即 “设备无关” DeVice Independent 的缩写)。在 The TeXbook 中讲述了 TeX 的功能和语言。 TeX 通常与一个大型的预编译的宏包同时使用，有一些特定的排版系统，例如 LaTeX, 通常需要很多宏包的支持。';
const MIRROR =
  'Mirror 是以 Perl 所写成的一套在执行它的机器与一台远端主机 之间使用 ftp 协定复制整个目录架构及其内容的软体。它借由在 传输之前比较档案时间(time-stamps) 以及大小来避免拷贝不必要 的档案。除此之外，它还可以选择性地压缩(compress, gzip)以及 分割(split)档案。';
const CHMOD =
  'chmod 根据给定 模式改变每个给出文件的模式比特位，其模式字符串既可以是修改目标的符号表示，也可以是用一个八进制数字来代表新的模式比特位形式。本手册页记录了 GNU 版本的 chmod。';
const MACHINE_ID =
  '/etc/machine-id 文件包含一个 在安装操作系统时生成的、专属于本系统的、独一无二的"machine ID"。 "machine ID"是一个32字符长度的十六进制小写字母字符串， 并以换行符结尾， 其本质是一个128位二进制整数的16进制表示。';

describe('fine cuts of Chinese text rank a clause by its own sentence', () => {
  it('keeps the sentence naming the asked program over the unmatched sentences of a better paragraph', () => {
    const text = [TEX, MIRROR, CHMOD].join('\n\n');
    const words = splitWords(text);
    // The bundled networks do not read Chinese: a flat score, the lexical prior decides.
    const scores = new Float32Array(words.length).fill(0.5);
    const tokens = Math.round(countTokens(text) / 4);
    const out = cutText({ text, words, scores, blocks: segment(text, false) }, { coarse: false, placeholders: false, query: 'Mirror 这个软件是用什么语言写的？' }, { tokens }).text;
    expect(out).toContain('Mirror 是以 Perl');
    expect(countTokens(out)).toBeLessThanOrEqual(tokens);
  });

  it('cuts a Chinese sentence of few clauses but many tokens rather than keeping or dropping it whole', () => {
    const text = [MIRROR, MACHINE_ID, CHMOD].join('\n\n');
    const words = splitWords(text);
    const scores = new Float32Array(words.length).fill(0.5);
    // The answer's sentence has 3 clauses and 47 tokens: below that budget, as a short sentence, it was dropped whole.
    const tokens = 40;
    const out = cutText({ text, words, scores, blocks: segment(text, false) }, { coarse: false, placeholders: false, query: 'machine ID 本质上是多少位的整数？' }, { tokens }).text;
    expect(out).toContain('其本质是一个128位二进制整数');
    expect(countTokens(out)).toBeLessThanOrEqual(tokens);
  });
});
