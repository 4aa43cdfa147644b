/**
 * Needles in README prose, asked literally and in paraphrase (`npm run bench:needles`).
 *
 * 24 one-sentence facts written for this benchmark (not from any dataset), each with a question
 * that reuses its words and one that shares no content word with it. Each fact goes into a haystack
 * of README prose paragraphs from node_modules (`readmeProse`), as a paragraph of its own or inside
 * another paragraph, at 2,000 and 8,000 tokens: 96 contexts per question kind. A question counts as
 * answered when the answer string survives. Nothing is tuned on it; it checks that what the
 * development set chose also holds where the question paraphrases the text.
 *
 * Flags: --models latte_v1,latte_v2 (default latte_v2), --ratios 4,10,20,50, --sizes 2000,8000,
 * --literal-too (also the engine with literal matching only, to show what soft matching adds),
 * --set check|dev|dev2 (the development needles below, on which weights may be chosen), --kinds 0.1,0.2
 * (also the engine with that asked-kind bonus, `LexicalMatch.askedKind`), --related 0,0.3 (also the
 * engine with WordNet neighbours of unseen query terms that near, `SoftMatch.related`; 0 is without),
 * --c2f off|COVER,MIN_TOKENS[,REST] (also coarse mode with every block scored, or with that coarse-to-fine
 * plan, next to the served one), --out DIR (needles.json; needles-dev.json for the dev set).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { LEXICAL_MATCH } from '../../server/compression/engine/select/compress-text.js';
import { createEngine, type EngineRequest } from '../../server/compression/engine/engine.js';
import type { WeightsId } from '../../server/catalog/model-catalog.js';
import { countTokens } from '../../server/compression/engine/text/tokens.js';
import { createOnnxWordScorer } from '../../server/model/onnx-word-scorer.js';
import { bm25Sentences } from '../lib/baselines.js';
import { coarseToFineFlag, mdTable, readmeProse } from '../lib/common.js';
import { memoScorer } from '../lib/scorers.js';
import { rng } from '../lib/squad.js';

const { values: args } = parseArgs({
  options: {
    models: { type: 'string', default: 'latte_v2' },
    ratios: { type: 'string', default: '4,10,20,50' },
    sizes: { type: 'string', default: '2000,8000' },
    'literal-too': { type: 'boolean', default: false },
    related: { type: 'string' },
    set: { type: 'string', default: 'check' },
    kinds: { type: 'string', default: '' },
    c2f: { type: 'string' },
    out: { type: 'string', default: fileURLToPath(new URL('../out/', import.meta.url)) },
  },
});

/** [fact, answer, literal question, paraphrased question] */
const NEEDLES: Array<[string, string, string, string]> = [
  ['The maintenance window for the billing cluster starts every Sunday at 03:40 UTC.', '03:40', 'When does the maintenance window for the billing cluster start?', 'At what time is the payments servers downtime scheduled?'],
  ['Mira Okonkwo was appointed head of the lighthouse restoration committee in 1987.', 'Mira Okonkwo', 'Who was appointed head of the lighthouse restoration committee?', 'Who led the group that repaired the beacon tower?'],
  ['The backup archive is encrypted with the passphrase "amber-falcon-19".', 'amber-falcon-19', 'What passphrase encrypts the backup archive?', 'Which secret phrase protects the saved copies?'],
  ['Our warehouse in Tilburg ships at most 4,200 parcels per day.', '4,200', 'How many parcels per day does the warehouse in Tilburg ship?', 'What is the daily shipping capacity of the Dutch depot?'],
  ['The old bridge over the Varna river collapsed after the flood of 1911.', '1911', 'When did the old bridge over the Varna river collapse?', 'In which year did the crossing fall down after high water?'],
  ['Patients with the Hollis variant should not take more than 15 mg of the drug per day.', '15 mg', 'How much of the drug can patients with the Hollis variant take per day?', 'What is the maximum daily dose for people with that rare mutation?'],
  ['The default timeout of the ingest worker is 45 seconds.', '45 seconds', 'What is the default timeout of the ingest worker?', 'How long does the import process wait before giving up?'],
  ['The team chose PostgreSQL over MongoDB because it needed transactions across tables.', 'transactions across tables', 'Why did the team choose PostgreSQL over MongoDB?', 'What was the reason for picking the relational database?'],
  ['Captain Elias Varga sailed the schooner Perdita from Lisbon to Recife in 41 days.', '41 days', 'How many days did the schooner Perdita take from Lisbon to Recife?', 'How long was the voyage across the Atlantic to Brazil?'],
  ['The museum is closed on Mondays and on the first of January.', 'Mondays', 'On which days is the museum closed?', 'When can visitors not enter the gallery?'],
  ['Version 3.2 of the library removed support for Python 2.7.', '3.2', 'Which version of the library removed support for Python 2.7?', 'In what release was the old interpreter dropped?'],
  ['The orchard produces roughly 90 tonnes of pears each autumn.', '90 tonnes', 'How many tonnes of pears does the orchard produce?', 'What is the yearly fruit harvest of the farm?'],
  ['Ticket refunds are only possible within 14 days of purchase.', '14 days', 'Within how many days of purchase are ticket refunds possible?', 'How long do customers have to get their money back?'],
  ['The rover Tamsin drilled its first rock sample near the crater rim on sol 212.', 'sol 212', 'On which sol did the rover Tamsin drill its first rock sample?', 'When did the Mars robot first collect a stone core?'],
  ['The recipe calls for three cardamom pods crushed with a teaspoon of brown sugar.', 'three cardamom pods', 'How many cardamom pods does the recipe call for?', 'Which spice goes into the dish and how much of it?'],
  ['Access to the server room requires a badge issued by Dana Whitfield in facilities.', 'Dana Whitfield', 'Who issues the badge for access to the server room?', 'Which person hands out the passes for the data centre?'],
  ['The violin was made in Cremona by Giovanni Batta Rogeri around 1699.', 'Giovanni Batta Rogeri', 'Who made the violin in Cremona?', 'Which craftsman built the instrument?'],
  ['The marathon course passes the cathedral at kilometre 27.', 'kilometre 27', 'At which kilometre does the marathon course pass the cathedral?', 'Where along the race route do runners go by the church?'],
  ['The API rejects uploads larger than 25 megabytes with status 413.', '25 megabytes', 'What uploads does the API reject with status 413?', 'What is the size limit for files sent to the service?'],
  ['Heavy snowfall closed the mountain pass for 19 days in February.', '19 days', 'For how many days did heavy snowfall close the mountain pass?', 'How long was the alpine road blocked by winter weather?'],
  ['The contract ends on 30 June 2031 unless either party renews it.', '30 June 2031', 'When does the contract end?', 'Until what date is the agreement valid?'],
  ['The lab replaced its centrifuge after it failed a vibration test in March.', 'vibration test', 'Why did the lab replace its centrifuge?', 'What made the scientists swap out the spinning machine?'],
  ['Otters in the estuary were counted at 63 individuals during the spring survey.', '63', 'How many otters were counted in the estuary?', 'What was the population of the river mammals found in the census?'],
  ['The firmware update fixes a bug that drained the battery overnight.', 'drained the battery', 'What bug does the firmware update fix?', 'What problem does the new software patch solve?'],
];

/**
 * A second set, written the same way, on which engine weights may be chosen (`--set dev`); the set
 * above stays a check that nothing was chosen on.
 */
const DEV_NEEDLES: Array<[string, string, string, string]> = [
  ['The night ferry to Skarvik leaves the harbour at 22:15 on weekdays.', '22:15', 'When does the night ferry to Skarvik leave the harbour?', 'At what hour does the evening boat to the island depart?'],
  ['Professor Ingrid Halvorsen discovered the fungus in a cave near Bergen.', 'Ingrid Halvorsen', 'Who discovered the fungus in the cave near Bergen?', 'Which scientist found the mould underground in Norway?'],
  ['The staging database is reset to a clean snapshot every Friday night.', 'Friday', 'When is the staging database reset to a clean snapshot?', 'How often is the test environment data wiped?'],
  ['The kiln at the pottery studio reaches 1,260 degrees during a glaze firing.', '1,260 degrees', 'What temperature does the kiln at the pottery studio reach?', 'How hot does the ceramics oven get?'],
  ['The tunnel under the Kessel straits was opened to traffic in 1994.', '1994', 'When was the tunnel under the Kessel straits opened to traffic?', 'In what year could cars first drive beneath the sea channel?'],
  ['Each free account may store up to 500 documents in the archive.', '500 documents', 'How many documents may each free account store in the archive?', 'What is the storage limit for users who do not pay?'],
  ['The orchestra rehearses in the basement of the Lindqvist concert hall.', 'basement', 'Where does the orchestra rehearse?', 'In which part of the music venue do the musicians practise?'],
  ['The certificate for the public website expires on 4 March 2029.', '4 March 2029', 'When does the certificate for the public website expire?', 'Until what date is the TLS credential of the homepage valid?'],
  ['The glacier retreated by 340 metres between the two surveys.', '340 metres', 'By how many metres did the glacier retreat between the two surveys?', 'How far did the ice field shrink?'],
  ['Login attempts are blocked for ten minutes after five wrong passwords.', 'ten minutes', 'For how long are login attempts blocked after five wrong passwords?', 'How long is a user locked out after repeated failed sign-ins?'],
  ['The cargo ship Morwenna ran aground off the coast of Cornwall in a storm.', 'Cornwall', 'Off which coast did the cargo ship Morwenna run aground?', 'Where did the freighter get stuck during bad weather?'],
  ['The pipeline compresses nightly logs with zstd at level 19.', 'zstd', 'Which tool does the pipeline compress nightly logs with?', 'What program shrinks the overnight records?'],
  ['The beekeeper harvested 38 kilograms of honey from the north hives.', '38 kilograms', 'How many kilograms of honey did the beekeeper harvest from the north hives?', 'How much did the apiarist gather from the colonies?'],
  ['The council banned cars from the old town square in 2016.', '2016', 'When did the council ban cars from the old town square?', 'In which year did the city make the historic plaza pedestrian only?'],
  ['Support tickets marked urgent must be answered within two hours.', 'two hours', 'Within how many hours must urgent support tickets be answered?', 'How quickly does the help desk have to reply to critical requests?'],
  ['Dr. Amara Nwosu performed the first transplant at the clinic in Enugu.', 'Amara Nwosu', 'Who performed the first transplant at the clinic in Enugu?', 'Which surgeon carried out the pioneering organ operation?'],
  ['The reservoir holds about 12 million cubic metres of water when full.', '12 million cubic metres', 'How many cubic metres of water does the reservoir hold?', 'What is the capacity of the lake behind the dam?'],
  ['The cache entries expire after 300 seconds unless they are refreshed.', '300 seconds', 'After how many seconds do the cache entries expire?', 'How long is stored data kept before it goes stale?'],
  ['The tournament final was played in Montevideo before a crowd of 68,000.', 'Montevideo', 'Where was the tournament final played?', 'In which city did the championship decider take place?'],
  ['The migration to the new billing system was postponed because of a licensing dispute.', 'licensing dispute', 'Why was the migration to the new billing system postponed?', 'What delayed the move to the updated invoicing platform?'],
  ['The statue in the park was carved by Henrik Solberg from a single block of granite.', 'Henrik Solberg', 'Who carved the statue in the park?', 'Which sculptor made the stone figure?'],
  ['The night shift at the bakery starts at 02:30 and ends at 10:00.', '02:30', 'When does the night shift at the bakery start?', 'At what time do the bread makers begin work?'],
  ['The choir has 46 members, most of them retired teachers.', '46', 'How many members does the choir have?', 'How big is the singing group?'],
  ['The firewall drops incoming traffic on port 8443 from unknown networks.', '8443', 'On which port does the firewall drop incoming traffic?', 'Which connection number is blocked by the network filter?'],
];

/**
 * A third set, written on 2026-11-27 the same way, for choices the first development set is too
 * small to settle (`--set dev2`); weights may be chosen on it too.
 */
const DEV2_NEEDLES: Array<[string, string, string, string]> = [
  ['The bakery on Kestrel Street sells its sourdough loaves for 6.50 euros.', '6.50 euros', 'How much does the bakery on Kestrel Street sell its sourdough loaves for?', 'What is the price of the fermented bread at that shop?'],
  ['The ornithologist Selma Lindgren ringed 212 swallows at the lake last summer.', '212', 'How many swallows did Selma Lindgren ring at the lake?', 'How many birds did the researcher band near the pond?'],
  ['The municipal pool closes for cleaning every Tuesday afternoon.', 'Tuesday', 'When does the municipal pool close for cleaning?', 'On which day is the town swimming bath shut for maintenance?'],
  ['The deploy script aborts when the disk has less than 8 gigabytes free.', '8 gigabytes', 'When does the deploy script abort?', 'How much storage space must remain for the release tool to continue?'],
  ['The vineyard near Porto bottles about 30,000 litres of wine a year.', '30,000 litres', 'How many litres of wine does the vineyard near Porto bottle a year?', 'What is the annual output of the Portuguese winery?'],
  ['Dr. Keiko Arai led the excavation of the Roman villa at Cirencester.', 'Keiko Arai', 'Who led the excavation of the Roman villa at Cirencester?', 'Which archaeologist directed the dig at the ancient country house in England?'],
  ['The elevator in the north wing is limited to 630 kilograms.', '630 kilograms', 'What is the elevator in the north wing limited to?', 'How much weight can the lift carry?'],
  ['The comet will next pass close to the Sun in 2061.', '2061', 'When will the comet next pass close to the Sun?', 'In what year does the icy visitor return to our star?'],
  ['Passwords on the admin console must be rotated every 90 days.', '90 days', 'How often must passwords on the admin console be rotated?', 'How frequently do administrators have to change their login secrets?'],
  ['The puppet theatre in Ghent was founded by Lieve Maes in 1978.', 'Lieve Maes', 'Who founded the puppet theatre in Ghent?', 'Which woman established the marionette playhouse in Belgium?'],
  ['The solar farm feeds about 48 megawatts into the regional grid at noon.', '48 megawatts', 'How many megawatts does the solar farm feed into the regional grid?', 'How much power do the photovoltaic panels supply at midday?'],
  ['The ferry crossing was cancelled because of dense fog over the harbour.', 'dense fog', 'Why was the ferry crossing cancelled?', 'What weather stopped the boat trip?'],
  ['The hospital pharmacy stocks the antivenom for adder bites.', 'antivenom', 'What does the hospital pharmacy stock for adder bites?', 'Which remedy is kept for snake wounds at the clinic dispensary?'],
  ['The queue worker retries a failed job up to seven times.', 'seven times', 'How many times does the queue worker retry a failed job?', 'How often is an unsuccessful task attempted again by the background processor?'],
  ['The cellist Ana Petrov won the Sibelius competition at the age of 19.', '19', 'At what age did the cellist Ana Petrov win the Sibelius competition?', 'How old was the musician when she took first prize in the contest?'],
  ['The greenhouse is heated to 24 degrees for the orchids in winter.', '24 degrees', 'To what temperature is the greenhouse heated for the orchids?', 'How warm is the glasshouse kept for the flowers during the cold months?'],
  ['The log shipper drops lines longer than 16 kilobytes.', '16 kilobytes', 'Which lines does the log shipper drop?', 'What is the maximum size of an entry the forwarding agent accepts?'],
  ['The abbey library holds 9,000 manuscripts, some from the eighth century.', '9,000', 'How many manuscripts does the abbey library hold?', 'How large is the monastery collection of handwritten books?'],
  ['The night train from Vienna reaches Venice at 07:05.', '07:05', 'When does the night train from Vienna reach Venice?', 'At what time does the overnight railway service arrive in Italy?'],
  ['The dentist recommends replacing a toothbrush every three months.', 'three months', 'How often does the dentist recommend replacing a toothbrush?', 'How frequently should people swap their oral hygiene brush?'],
  ['The referee sent off the goalkeeper for handling the ball outside the box.', 'handling the ball', 'Why did the referee send off the goalkeeper?', 'What did the keeper do to get a red card from the official?'],
  ['The sawmill processes roughly 120 logs of spruce per shift.', '120 logs', 'How many logs of spruce does the sawmill process per shift?', 'How much timber does the lumber factory cut during one working period?'],
  ['The analytics cluster runs on six machines in the Frankfurt region.', 'six machines', 'How many machines does the analytics cluster run on?', 'How many servers does the data warehouse use in Germany?'],
  ['The volcano last erupted in 1883, burying three villages in ash.', '1883', 'When did the volcano last erupt?', 'In which year did the mountain spew lava the previous time?'],
];

const list = (s: string) => s.split(',').map(Number);
const ratios = list(args.ratios!);
const sizes = list(args.sizes!);
const models = args.models!.split(',') as WeightsId[];

// One context's words are scored once for every ratio and variant.
const engine = createEngine(memoScorer(createOnnxWordScorer({ modelsDir: 'models' }), 32));
const paragraphs = readmeProse(400, rng(11)).map((p) => p.text);
const SETS = { check: { needles: NEEDLES, seedBase: 0 }, dev: { needles: DEV_NEEDLES, seedBase: 500 }, dev2: { needles: DEV2_NEEDLES, seedBase: 900 } };
if (!(args.set! in SETS)) throw new Error('--set is check, dev or dev2');
// Each set's haystacks are drawn apart from the others'.
const { needles, seedBase } = SETS[args.set as keyof typeof SETS];

interface Method {
  name: string;
  run(context: string, query: string, ratio: number, budget: number): Promise<string>;
}
const viaEngine = (weights: WeightsId, coarse: boolean, extra: Partial<EngineRequest> = {}): Method['run'] => async (context, query, ratio) => {
  const [r] = await engine.compress([{ context, query, weights, ratio, defaultRatio: 0.5, coarse, heuristicChunking: false, placeholders: true, ...extra }]);
  return r!.compressed;
};
const methods: Method[] = [{ name: 'BM25 sentences', run: async (c, q, _r, budget) => bm25Sentences(c, q, budget) }];
for (const weights of models) {
  for (const coarse of [true, false]) {
    const mode = coarse ? 'coarse' : 'fine';
    methods.push({ name: `${weights} ${mode}`, run: viaEngine(weights, coarse) });
    if (args['literal-too']) methods.push({ name: `${weights} ${mode}, literal matching`, run: viaEngine(weights, coarse, { tuning: { lexicalMatch: { stems: true } } }) });
    if (coarse && args.c2f !== undefined) methods.push({ name: `${weights} coarse, coarse-to-fine ${args.c2f}`, run: viaEngine(weights, true, { tuning: { coarseToFine: coarseToFineFlag(args.c2f) } }) });
    for (const nearness of args.related ? list(args.related) : []) {
      const soft = { ...LEXICAL_MATCH.soft!, related: { ...LEXICAL_MATCH.soft!.related!, nearness } };
      methods.push({ name: `${weights} ${mode}, WordNet ${nearness}`, run: viaEngine(weights, coarse, { tuning: { lexicalMatch: { ...LEXICAL_MATCH, soft } } }) });
    }
    for (const askedKind of args.kinds ? list(args.kinds) : []) {
      methods.push({ name: `${weights} ${mode}, asked kind ${askedKind}`, run: viaEngine(weights, coarse, { tuning: { lexicalMatch: { ...LEXICAL_MATCH, askedKind } } }) });
    }
  }
}

const hits = new Map<string, number>();
let contexts = 0;
for (const size of sizes) {
  for (const [n, [fact, answer, literal, paraphrase]] of needles.entries()) {
    for (const inside of [false, true]) {
      const random = rng(1000 * size + 7 * (n + seedBase) + (inside ? 2 : 1));
      const parts: string[] = [];
      for (let i = Math.floor(random() * paragraphs.length), sum = 0; sum < size; i++) {
        const p = paragraphs[i % paragraphs.length]!;
        parts.push(p);
        sum += countTokens(p);
      }
      const at = Math.floor(random() * parts.length);
      if (inside) {
        const sentences = parts[at]!.split(/(?<=[.!?])\s+/u);
        sentences.splice(Math.floor(random() * (sentences.length + 1)), 0, fact);
        parts[at] = sentences.join(' ');
      } else parts.splice(at, 0, fact);
      const context = parts.join('\n\n');
      const total = countTokens(context);
      contexts++;
      for (const [kind, query] of [['literal', literal], ['paraphrased', paraphrase]] as const) {
        for (const m of methods) {
          for (const ratio of ratios) {
            const out = await m.run(context, query, ratio, Math.round(total / ratio));
            const key = `${kind}\u0000${m.name}\u0000${ratio}`;
            hits.set(key, (hits.get(key) ?? 0) + (out.includes(answer) ? 1 : 0));
          }
        }
      }
    }
  }
  console.error(`${size} tokens: done`);
}

const report: Record<string, Record<string, Record<string, number>>> = {};
for (const kind of ['literal', 'paraphrased']) {
  report[kind] = {};
  const rows = methods.map((m) => {
    const cells = ratios.map((r) => (100 * (hits.get(`${kind}\u0000${m.name}\u0000${r}`) ?? 0)) / contexts);
    report[kind]![m.name] = Object.fromEntries(ratios.map((r, i) => [`${r}x`, cells[i]!]));
    return [m.name, ...cells.map((c) => c.toFixed(1))];
  });
  console.log(`\n${kind} questions: answer kept, % of ${contexts} contexts (${needles.length} needles x ${sizes.join(' / ')} tokens x own paragraph / inside one)`);
  console.log(mdTable(['method', ...ratios.map((r) => `${r}x`)], rows));
}
mkdirSync(args.out!, { recursive: true });
writeFileSync(path.join(args.out!, args.set === 'check' ? 'needles.json' : `needles-${args.set}.json`), JSON.stringify({ contexts, ratios, sizes, report }, null, 2));
process.exit(0);
