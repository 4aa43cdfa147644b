import { describe, expect, it } from 'vitest';
import { cutText } from '../../../server/compression/engine/select/compress-text.js';
import { refersBack, withAntecedents } from '../../../server/compression/engine/score/anaphora.js';
import { segment, type Sentence } from '../../../server/compression/engine/split/segment.js';
import { countTokens } from '../../../server/compression/engine/text/tokens.js';
import { splitWords } from '../../../server/model/words.js';

// Real text: Debian's manpages-ja and manpages-zh (bench/quality/multilingual, development questions' haystacks).
const ROCK_RIDGE =
  'Linux はロックリッジ (Rock Ridge) 変換プロトコルで規定された システム使用 共有プロトコルもサポートしている。これは UNIX ホ ストのファイルを iso9660 ファイルシステムでより詳しく記述するために使用され、長いファイル名や UID/GID、 POSIX 形式のパーミッション、デバイスファイル などの情報を提供する。Linux の iso9660 ファイルシステムサポートがロックリッジファイルシステムを自動で 認識することができる。';
const QUIZ =
  '-t チュートリアルモードを使います。 このモードでは、 1 回目で正解できなかった時にはその問題を後で繰り返して出します。 そして、あなたがその問題を習得することを助けるため、 新しい問題は頻繁には出しません。';
const ACL =
  'ACL は "Access Control List" の略である。LIDS のACL では、Subject がどの 様にObject に対してアクセス出来るのかを定義している。 Subject は、シ ステム上の、任意のプログラムファイルを指している。Object はファイルや、ディ レクトリや、その他の特別なオプション (MEM デバイス、RAW IO、隠しプロセ ス)を指している。Target は、Sbject のObject に対するアクセスタイプを定義 している。';
const OPTION_A = '-a このオプションは -p オプションと同様のものとみなされる。 下位互換性のためにのみ準備されているオプションであるため、 できる限り -p オプションを使うことが推奨される。';
const MIRROR =
  'Mirror 是以 Perl 所写成的一套在执行它的机器与一台远端主机 之间使用 ftp 协定复制整个目录架构及其内容的软体。它借由在 传输之前比较档案时间(time-stamps) 以及大小来避免拷贝不必要 的档案。除此之外，它还可以选择性地压缩(compress, gzip)以及 分割(split)档案。';

const sentencesOf = (text: string) => segment(text, false).flatMap((b) => b.sentences);
const cut = (parts: string[], query: string, coarse: boolean, tokens: number) => {
  const text = parts.join('\n\n');
  const words = splitWords(text);
  // The bundled networks do not read Japanese: a flat score, the lexical prior decides.
  const scores = new Float32Array(words.length).fill(0.5);
  return cutText({ text, words, scores, blocks: segment(text, false) }, { coarse, placeholders: false, query }, { tokens }).text;
};

describe('a Chinese or Japanese sentence that refers back lifts the one it refers to', () => {
  it('tells sentences opening on a demonstrative', () => {
    const opens = (text: string) => sentencesOf(text).map((s) => refersBack(text, s));
    expect(opens(ROCK_RIDGE)).toEqual([false, true, false]);
    expect(opens(QUIZ)).toEqual([false, true, false]);
    expect(opens(MIRROR)).toEqual([false, true, false]);
    expect(opens('The Rock Ridge extensions are supported. This gives long file names.')).toEqual([false, false]);
  });

  it('raises the antecedent to just below the sentence that refers to it, never lowers it', () => {
    const blocks = segment(ROCK_RIDGE, false);
    const [lead, echo, last] = blocks[0]!.sentences as [Sentence, Sentence, Sentence];
    const ranks = new Map([
      [lead, 0.5],
      [echo, 1],
      [last, 0.7],
    ]);
    withAntecedents(ROCK_RIDGE, blocks, ranks, 0.97);
    expect(ranks.get(lead)).toBeCloseTo(0.97);
    expect(ranks.get(echo)).toBe(1);
    expect(ranks.get(last)).toBe(0.7);
  });

  it('keeps the sentence naming the extension the next sentence describes', () => {
    const text = [ACL, ROCK_RIDGE, OPTION_A].join('\n\n');
    const tokens = Math.round(countTokens(text) / 3);
    for (const coarse of [true, false]) {
      const out = cut([ACL, ROCK_RIDGE, OPTION_A], 'iso9660 で長いファイル名やパーミッションを扱う拡張は何という？', coarse, tokens);
      expect(out, `coarse ${coarse}`).toContain('ロックリッジ (Rock Ridge)');
      expect(countTokens(out)).toBeLessThanOrEqual(tokens);
    }
  });

  it('keeps the mode a following "このモードでは" sentence describes', () => {
    const text = [OPTION_A, QUIZ, ACL].join('\n\n');
    const tokens = Math.round(countTokens(text) / 8);
    for (const coarse of [true, false]) {
      const out = cut([OPTION_A, QUIZ, ACL], '間違えた問題を後でもう一度出してくれるのはどのモード？', coarse, tokens);
      expect(out, `coarse ${coarse}`).toContain('チュートリアルモード');
    }
  });
});
