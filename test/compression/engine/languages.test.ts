import { describe, expect, it } from 'vitest';
import { LEXICAL_WEIGHT } from '../../../server/compression/engine/select/compress-text.js';
import { languageOf, lexicalWeightFor, stemmerFor } from '../../../server/compression/engine/text/language.js';
import { bm25, matchScores, PLAIN_MATCH, stopWordsFor, terms } from '../../../server/compression/engine/score/lexical.js';
import { queryEchoes } from '../../../server/compression/engine/score/query-echoes.js';
import { splitWords } from '../../../server/model/words.js';
import { graphemeStartAtOrBefore, pushToken, segment, sentencesIn, type Span } from '../../../server/compression/engine/split/segment.js';
import { LEXICAL_MATCH } from '../../../server/compression/engine/select/compress-text.js';
import { MODEL_CATALOG } from '../../../server/catalog/model-catalog.js';
import { toModelRecord } from '../../../server/compression/model-record.js';

// Real text: Debian's translated man pages (manpages-zh, -ja, -ru, -de), LibreOffice's Hindi help
// and Firefox's Arabic language pack, the sources of bench/quality/multilingual.
const ZH = [
  '列出指定“文件”（默认为当前目录）的信息。如果既没有指定 -cftuvSUX 中任何一个，也没有指定 --sort，则按字母排序项目。',
  '在读/写流上进行的读和写操作可以以任意的顺序混合使用。注意 ANSI C 要求文件定位函数只能插入在输出和输入之间，除非输入操作遇到了文件结束符。',
  '把当前的工作目录改变成 dirName，如果没给出 dirName 就改变到主(home)目录(在 HOME 环境变量中指定)。返回一个空串。',
];
const JA = [
  'FILE (デフォルトは現在のディレクトリ) に関する情報を一覧表示します。-cftuvSUX のいずれも指定されず、--sort も指定されていない場合、要素はアルファベット順でソートされます。',
  'ブラケットの内部に含まれる文字列は空であってはならない。したがって \']\' も最初の文字に指定すればブラケットの内部に含めることができる。',
  '長いオプションで必須となっている引数は短いオプションでも必須です。',
];
const RU = [
  'Программа ldd выдаёт список общих объектов (общих библиотек), которые требуются для каждой из заданных в командной строке программы или общего объекта.',
  'В Linux реализованы протоколы AppleTalk, описанные в Inside AppleTalk. В ядре есть лишь уровни DDP и AARP.',
  'Сокет AppleTalk создаётся из вызова socket(2), которому в качестве аргумента семейства указывается значение AF_APPLETALK.',
];
const AR = [
  'فشل تحليل صفحة طُرز XSLT. دالّة XSLT/XPath غير صالحة. قد تحتوي صفحة طُرز XSLT على عوديّة.',
  'جرّب ميزاتنا التجريبية! إنها قيد التطوير والتحديث، مما قد يؤثر على طريقة عمل المتصفح. لا نتلقى بيانات حول استخدامك لهذه الميزات؟ نعم، إلا إذا فعّلت البيانات التقنية.',
  'عُطّل هذا الخيار في نظام التشغيل ويندوز. لتغييره، انتقل إلى تطبيقات بدء التشغيل في إعدادات النظام.',
];
const HI = [
  'यह वह स्थल है जहाँ आप मॅक्रोज़ तथा LibreOffice बेसिक के साथ कार्य करने के बारे में सामान्य जानकारियाँ पाएँगे। यह खण्ड बेसिक के लिए इंटीग्रेटेड डेवलपमेंट एनवायरनमेंट का वर्णन करता है।',
  'धन (+) कुंजी ज़ूम इन करती है। गुणा (×) कुंजी स्क्रीन में संपूर्ण पाठ को फिट करने के लिए ज़ूम करता है।',
  'फ़ाइलों की सूची को नाम के अनुसार क्रमबद्ध किया जाता है॥ अन्य स्तंभ छिपे रहते हैं।',
];
const DE = [
  'Die Normandie ist eine Region im Nordwesten Frankreichs. Das Klima ist mild und feucht, im Sommer regnet es oft.',
  'Die Normannen kamen im zehnten Jahrhundert in die Normandie. Ihr Anführer Rollo schloss einen Vertrag mit dem König der Westfranken.',
  'Die Küste ist lang und felsig. Viele Fischer leben in den kleinen Häfen.',
];

const sentenceTexts = (text: string) => sentencesIn(text, { start: 0, end: text.length }).map((s) => text.slice(s.start, s.end));
const paragraphsOf = (parts: string[]) => {
  const text = parts.join('\n\n');
  return { text, spans: segment(text, false).map((b): Span => ({ start: b.start, end: b.end })) };
};

describe('sentence ends in every script', () => {
  it('ends Chinese and Japanese sentences at 。 without a following space', () => {
    expect(sentenceTexts(ZH[2]!)).toEqual(['把当前的工作目录改变成 dirName，如果没给出 dirName 就改变到主(home)目录(在 HOME 环境变量中指定)。', '返回一个空串。']);
    expect(sentenceTexts(JA[1]!)).toHaveLength(2);
  });

  it('ends Chinese sentences at an ASCII period between two Chinese characters, not inside a number or a name', () => {
    const text = '修改用户的NIS密码.提示用户输入新的密码. 版本 1.5 的 a.out 格式。';
    expect(sentenceTexts(text)).toEqual(['修改用户的NIS密码.', '提示用户输入新的密码.', '版本 1.5 的 a.out 格式。']);
  });

  it('cuts a Chinese or Japanese clause run into tokens after its commas, never elsewhere', () => {
    const text = ZH[0]!;
    const sentence = segment(text, false)[0]!.sentences[1]!;
    const tokens = sentence.pieces.map((t) => text.slice(t.start, t.end));
    expect(tokens).toEqual(['如果既没有指定', '-cftuvSUX', '中任何一个，', '也没有指定', '--sort，', '则按字母排序项目。']);
    expect(tokens.every((t) => !/[，、]./u.test(t))).toBe(true);
  });

  it('ends Arabic sentences at ؟ and Hindi ones at । and ॥', () => {
    expect(sentenceTexts(AR[1]!)).toEqual([
      'جرّب ميزاتنا التجريبية!',
      'إنها قيد التطوير والتحديث، مما قد يؤثر على طريقة عمل المتصفح.',
      'لا نتلقى بيانات حول استخدامك لهذه الميزات؟',
      'نعم، إلا إذا فعّلت البيانات التقنية.',
    ]);
    expect(sentenceTexts(HI[0]!)).toHaveLength(2);
    expect(sentenceTexts(HI[2]!)).toEqual(['फ़ाइलों की सूची को नाम के अनुसार क्रमबद्ध किया जाता है॥', 'अन्य स्तंभ छिपे रहते हैं।']);
  });
});

describe('word units in every script', () => {
  it('cuts Chinese and Japanese into overlapping character pairs and keeps Latin words whole', () => {
    expect(terms('返回一个空串')).toEqual(['返回', '回一', '一个', '个空', '空串']);
    expect(terms('ANSI C 要求')).toEqual(['ansi', 'c', '要求']);
    expect(terms('ブラケットの内部')).toContain('内部');
  });

  it('keeps Devanagari vowel signs and Cyrillic й inside their words, and drops Arabic vowel marks', () => {
    expect(terms('फ़ाइलों की सूची')).toEqual(['फ़ाइलों', 'की', 'सूची']);
    expect(terms('Сокет создаётся уровней')).toEqual(['сокет', 'создаётся', 'уровней']);
    expect(terms('دالّة غير صالحة')).toEqual(terms('دالة غير صالحة'));
  });

  it('splits Thai into dictionary words (ICU)', () => {
    expect(terms('ภาษาไทยง่ายนิดเดียว')).toEqual(['ภาษา', 'ไทย', 'ง่าย', 'นิด', 'เดียว']);
  });
});

describe('language-aware matching', () => {
  it('detects the language of a text and its question', () => {
    expect(languageOf(DE.join(' '), 'Wer war der Anführer der Normannen?')).toBe('deu');
    expect(languageOf(RU.join(' '))).toBe('rus');
    expect(languageOf(ZH.join(''))).toBe('cmn');
    expect(languageOf('What does ldd print?')).toBe('eng');
  });

  it('stems each language with its own stemmer', () => {
    expect(stemmerFor('rus')('протоколов')).toBe(stemmerFor('rus')('протоколы'));
    expect(stemmerFor('deu')('normannen')).toBe(stemmerFor('deu')('normanne'));
    expect(stemmerFor('arb')('الامتدادات')).toBe(stemmerFor('arb')('امتداد'));
    expect(stemmerFor('cmn')('返回')).toBe('返回');
  });

  // The first report: the paragraph naming the query's rarest word came last.
  it.each([
    ['de', DE, 'Wer war der Anführer der Normannen?', 1],
    ['zh', ZH, '在什么流上可以以任意顺序混合读和写操作？', 1],
    ['ja', JA, 'ブラケットの内部に含まれる文字列は何であってはならない？', 1],
    ['ru', RU, 'Что выдаёт программа ldd?', 0],
    ['ar', AR, 'ما الخيار المعطّل في نظام ويندوز؟', 2],
    ['hi', HI, 'कौन सी कुंजी ज़ूम इन करती है?', 1],
  ])('ranks the answering paragraph first in %s', (_lang, parts, question, gold) => {
    const { text, spans } = paragraphsOf(parts);
    for (const scores of [bm25(text, spans, question), matchScores(text, spans, question, LEXICAL_MATCH), matchScores(text, spans, question, PLAIN_MATCH)]) {
      const best = scores.indexOf(Math.max(...scores));
      expect(best).toBe(gold);
      expect(scores[best]!).toBeGreaterThan(0);
    }
  });

  it('keeps an ASCII word that is English glue as a term in text of another script (a command there)', () => {
    const text = 'at と batch はともに標準入力から読み込みを行う。 最後に環境変数 PATH 中のディレクトリが探索される。';
    expect(stopWordsFor(text).has('at')).toBe(false);
    expect(terms('at ジョブ', stopWordsFor(text))).toContain('at');
    expect(terms('at the job')).toEqual(['job']);
    const spans = [...text.matchAll(/[^。]+。/gu)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
    const [first, second] = matchScores(text, spans, 'at ジョブの環境変数は？', PLAIN_MATCH);
    expect(first!).toBeGreaterThan(0);
    expect(second!).toBeGreaterThan(0);
  });

  it('tells which clauses of a Chinese or Japanese sentence echo the question', () => {
    const text = 'rcs コマンドが実行できるのは、 スーパユーザであるか、あるいは -i オプションが指定されている場合に限られます。';
    const words = splitWords(text);
    const echoes = queryEchoes(text, words, 'rcs コマンドの条件のうち、オプションで満たせるのはどれ？');
    const of = (w: string) => echoes[words.findIndex((x) => x.text === w)]!;
    expect(of('オプションが指定されている場合に限られます')).toBeGreaterThan(0);
    expect(of('スーパユーザであるか')).toBe(0);
    expect(Math.max(...echoes)).toBeLessThanOrEqual(1);
  });

  it('leans on the lexical prior where the networks do not read the script', () => {
    expect(lexicalWeightFor('The Normans came to Normandy in the tenth century.', LEXICAL_WEIGHT)).toBeCloseTo(LEXICAL_WEIGHT);
    expect(lexicalWeightFor(DE.join(' '), LEXICAL_WEIGHT)).toBeCloseTo(LEXICAL_WEIGHT);
    expect(lexicalWeightFor(ZH[1]!, LEXICAL_WEIGHT)).toBeGreaterThan(0.9);
    expect(lexicalWeightFor(AR[2]!, LEXICAL_WEIGHT)).toBe(1);
  });
});

describe('cuts never split a grapheme cluster', () => {
  it('cuts a long run without spaces at grapheme boundaries only', () => {
    // Devanagari conjuncts (क्ष: consonant, virama, consonant), a combining accent and an emoji sequence.
    const run = 'क्षत्रिय'.repeat(60) + 'e\u0301'.repeat(100) + '👩‍👩‍👧'.repeat(60);
    const tokens: Span[] = [];
    pushToken(tokens, run, 0, run.length);
    expect(tokens.length).toBeGreaterThan(1);
    const boundaries = new Set([...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(run)].map((g) => g.index));
    for (const t of tokens.slice(1)) expect(boundaries.has(t.start)).toBe(true);
    expect(tokens.map((t) => run.slice(t.start, t.end)).join('')).toBe(run);
  });

  it('moves a cut inside a cluster back to its start', () => {
    const text = 'ab👩‍👩‍👧cd';
    expect(graphemeStartAtOrBefore(text, 5, 0)).toBe(2);
    expect(graphemeStartAtOrBefore(text, 2, 0)).toBe(2);
  });
});

describe('per-language support in /models', () => {
  const available = { isAvailable: () => true };

  it('lists each benchmarked language on question-specific models, with latte_v2 measured', () => {
    const v2 = toModelRecord(MODEL_CATALOG.latte_v2, available).languages!;
    expect(v2.map((l) => l.language)).toEqual(['en', 'de', 'es', 'fr', 'ru', 'zh', 'ja', 'ar', 'hi']);
    const zh = v2.find((l) => l.language === 'zh')!;
    expect(zh).toMatchObject({ word_units: 'character_pairs', stemmer: 'none', scoring: 'lexical' });
    expect(zh.answer_retention!['4x']).toBeGreaterThan(0);
    expect(toModelRecord(MODEL_CATALOG.latte_v1, available).languages!.every((l) => l.answer_retention === undefined)).toBe(true);
  });

  it('says the scoring that lexicalWeightFor applies to each language', () => {
    for (const l of toModelRecord(MODEL_CATALOG.latte_v2, available).languages!) {
      const sample = { en: DE[0]!, de: DE[0]!, es: DE[0]!, fr: DE[0]!, ru: RU[0]!, zh: ZH[0]!, ja: JA[0]!, ar: AR[0]!, hi: HI[0]! }[l.language]!;
      expect(lexicalWeightFor(sample, LEXICAL_WEIGHT) > 0.9).toBe(l.scoring === 'lexical');
    }
  });

  it('leaves query-free models without the field', () => {
    expect(toModelRecord(MODEL_CATALOG.espresso_v1, available).languages).toBeUndefined();
  });
});
