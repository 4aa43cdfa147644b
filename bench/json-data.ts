/**
 * API-shaped JSON documents with questions about one field of one record, asked with the field's
 * own words and in paraphrase ("How much does a room at Harbor View Inn cost?" for
 * `price_per_night`). Written for `bench/json-questions.ts` (not from any dataset); the
 * paraphrases were written before any similarity was looked at. Records and values are drawn
 * from small pools with a seeded generator, so every document differs but the run repeats.
 */

type Random = () => number;
type Value = string | number;

/** A field of a record kind: how to draw a value and how a user would ask for it. */
interface Field {
  key: string;
  value(r: Random, i: number): Value;
  /** With `{x}` for the record's name: a question that shares no content word with the key. */
  paraphrase?: string;
}

interface Kind {
  /** The document's top-level key holding the records. */
  wrapper: string;
  /** The key naming a record (its value is what questions say). */
  nameKey: string;
  names: readonly string[];
  fields: readonly Field[];
  /** Extra top-level members (metadata a real response carries). */
  meta?(r: Random): Record<string, unknown>;
}

const pick = <T>(r: Random, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const int = (r: Random, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const date = (r: Random, y0: number, y1: number) => `${int(r, y0, y1)}-${String(int(r, 1, 12)).padStart(2, '0')}-${String(int(r, 1, 28)).padStart(2, '0')}`;
const PEOPLE = ['Dana Whitfield', 'Omar Haddad', 'Lena Brandt', 'Kofi Mensah', 'Priya Raman', 'Tomás Ortega', 'Ingrid Solberg', 'Yuki Tanaka', 'Marco Bellini', 'Aisha Bello', 'Grace Liu', 'Felix Wagner', 'Nora Kiely', 'Samuel Adeyemi', 'Elena Petrova', 'Hugo Marchand'];

export const KINDS: readonly Kind[] = [
  {
    wrapper: 'hotels',
    nameKey: 'name',
    names: ['Harbor View Inn', 'The Linden Lodge', 'Hotel Meridian', 'Casa Albero', 'Northgate Suites', 'Riverside Plaza', 'The Copper Kettle', 'Seabreeze Resort', 'Alder House', 'Grand Vesper'],
    fields: [
      { key: 'city', value: (r) => pick(r, ['Lisbon', 'Porto', 'Bergen', 'Ghent', 'Valencia', 'Lyon', 'Krakow', 'Split']) },
      { key: 'price_per_night', value: (r) => int(r, 61, 489), paraphrase: 'How much does a room at {x} cost?' },
      { key: 'guest_rating', value: (r) => int(r, 61, 98) / 10, paraphrase: 'How well do visitors score {x}?' },
      { key: 'distance_to_center_km', value: (r) => int(r, 3, 140) / 10, paraphrase: 'How far is {x} from downtown?' },
      { key: 'checkin_time', value: (r) => `${int(r, 12, 16)}:${pick(r, ['00', '30'])}`, paraphrase: 'From what hour can guests arrive at {x}?' },
    ],
    meta: (r) => ({ query: { adults: 2, nights: int(r, 1, 6) }, currency: 'EUR' }),
  },
  {
    wrapper: 'employees',
    nameKey: 'full_name',
    names: PEOPLE,
    fields: [
      { key: 'department', value: (r) => pick(r, ['Finance', 'Logistics', 'Legal', 'Research', 'Support', 'Marketing', 'Security']) },
      { key: 'phone_extension', value: (r) => `x${int(r, 2000, 7999)}`, paraphrase: 'Which number do I dial to reach {x} by telephone?' },
      { key: 'start_date', value: (r) => date(r, 2009, 2025), paraphrase: 'When did {x} join the company?' },
      { key: 'office', value: (r) => `${pick(r, ['B', 'C', 'D'])}${int(r, 101, 499)}`, paraphrase: 'In which room does {x} work?' },
      { key: 'manager', value: (r) => pick(r, PEOPLE), paraphrase: 'Who is the boss of {x}?' },
    ],
    meta: () => ({ page: 1, per_page: 50 }),
  },
  {
    wrapper: 'orders',
    nameKey: 'order_id',
    names: ['A-10477', 'A-10482', 'A-10490', 'A-10503', 'A-10511', 'A-10526', 'A-10534', 'A-10548', 'A-10559'],
    fields: [
      { key: 'customer', value: (r) => pick(r, PEOPLE), paraphrase: 'Who bought {x}?' },
      { key: 'total_usd', value: (r) => int(r, 1200, 98000) / 100, paraphrase: 'How much was charged for {x}?' },
      { key: 'carrier', value: (r) => pick(r, ['UPS', 'DHL Express', 'FedEx Ground', 'PostNL', 'Royal Mail']), paraphrase: 'Which courier is delivering {x}?' },
      { key: 'tracking_number', value: (r) => `1Z${int(r, 100000, 999999)}${int(r, 1000, 9999)}` },
      { key: 'status', value: (r) => pick(r, ['processing', 'shipped', 'delivered', 'returned', 'cancelled']) },
    ],
    meta: (r) => ({ total_count: int(r, 40, 400), next_cursor: `c_${int(r, 1e5, 9e5)}` }),
  },
  {
    wrapper: 'flights',
    nameKey: 'flight',
    names: ['BA117', 'LH400', 'AF1380', 'KL1002', 'IB3166', 'SK1469', 'TP1351', 'AY832', 'LX318'],
    fields: [
      { key: 'gate', value: (r) => `${pick(r, ['A', 'B', 'C', 'D'])}${int(r, 1, 48)}`, paraphrase: 'Where do passengers board {x}?' },
      { key: 'delay_minutes', value: (r) => int(r, 5, 190), paraphrase: 'How late is {x}?' },
      { key: 'destination', value: (r) => pick(r, ['New York JFK', 'Frankfurt', 'Paris CDG', 'Amsterdam', 'Madrid', 'Oslo', 'Zurich', 'Helsinki']), paraphrase: 'Where is {x} going?' },
      { key: 'aircraft', value: (r) => pick(r, ['A320neo', 'B787-9', 'A350-900', 'E190', 'B737-800', 'A321']), paraphrase: 'What plane type flies {x}?' },
      { key: 'scheduled_departure', value: (r) => `${String(int(r, 5, 22)).padStart(2, '0')}:${pick(r, ['05', '15', '25', '40', '55'])}`, paraphrase: 'At what time should {x} leave?' },
    ],
    meta: () => ({ airport: 'LHR', terminal: 5 }),
  },
  {
    wrapper: 'products',
    nameKey: 'title',
    names: ['Trailblazer Backpack 30L', 'Summit Down Jacket', 'Ridge Trekking Poles', 'Basecamp Stove', 'Alpine Headlamp 400', 'Drift Sleeping Bag', 'Canyon Water Filter', 'Glacier Thermos 1L'],
    fields: [
      { key: 'stock_quantity', value: (r) => int(r, 2, 950), paraphrase: 'How many {x} units are left in the warehouse?' },
      { key: 'weight_grams', value: (r) => int(r, 120, 2400), paraphrase: 'How heavy is the {x}?' },
      { key: 'brand', value: (r) => pick(r, ['Nordkamm', 'Peakline', 'Osprey Ridge', 'Vantro', 'Helmfjord']), paraphrase: 'Which company makes the {x}?' },
      { key: 'color', value: (r) => pick(r, ['slate grey', 'forest green', 'burnt orange', 'navy', 'sand']), paraphrase: 'What shade is the {x}?' },
      { key: 'price', value: (r) => int(r, 1500, 45000) / 100, paraphrase: 'What does the {x} cost?' },
    ],
  },
  {
    wrapper: 'countries',
    nameKey: 'country',
    names: ['Portugal', 'Norway', 'Chile', 'Kenya', 'Vietnam', 'Estonia', 'Morocco', 'New Zealand', 'Uruguay', 'Slovenia'],
    fields: [
      { key: 'capital', value: (r) => pick(r, ['Arlen', 'Vossberg', 'Callara', 'Mirenne', 'Tovik', 'Sandoval', 'Kestrel Bay']), paraphrase: 'Which city is the seat of government of {x}?' },
      { key: 'population', value: (r) => int(r, 1_200_000, 98_000_000), paraphrase: 'How many people live in {x}?' },
      { key: 'area_km2', value: (r) => int(r, 20_000, 900_000), paraphrase: 'How large is the territory of {x}?' },
      { key: 'currency', value: (r) => pick(r, ['escudo', 'krone', 'peso', 'shilling', 'dong', 'dirham', 'tolar']), paraphrase: 'What money do people pay with in {x}?' },
      { key: 'official_language', value: (r) => pick(r, ['Portuguese', 'Norwegian', 'Spanish', 'Swahili', 'Vietnamese', 'Estonian', 'Arabic']), paraphrase: 'What do people speak in {x}?' },
    ],
  },
  {
    wrapper: 'hosts',
    nameKey: 'hostname',
    names: ['web-01', 'web-02', 'web-03', 'db-01', 'db-02', 'cache-01', 'queue-01', 'batch-07'],
    fields: [
      { key: 'cpu_percent', value: (r) => int(r, 10, 990) / 10, paraphrase: 'How busy is the processor on {x}?' },
      { key: 'memory_used_mb', value: (r) => int(r, 900, 62000), paraphrase: 'How much RAM is {x} consuming?' },
      { key: 'disk_free_gb', value: (r) => int(r, 3, 1800), paraphrase: 'How much storage space remains on {x}?' },
      { key: 'uptime_seconds', value: (r) => int(r, 3600, 9_000_000), paraphrase: 'How long has {x} been running without a reboot?' },
      { key: 'kernel', value: (r) => `6.${int(r, 1, 12)}.${int(r, 0, 60)}-${int(r, 1, 30)}-amd64`, paraphrase: 'Which Linux version does {x} boot?' },
    ],
    meta: () => ({ cluster: 'eu-west', collected_at: '2026-11-20T10:00:00Z' }),
  },
  {
    wrapper: 'books',
    nameKey: 'title',
    names: ['The Salt Road', 'Glass Harbor', 'Northern Lights Over Tromso', 'A Winter of Owls', 'The Cartographer\'s Daughter', 'Iron and Ivy', 'Small Hours', 'The Ninth Bell'],
    fields: [
      { key: 'author', value: (r) => pick(r, PEOPLE), paraphrase: 'Who wrote {x}?' },
      { key: 'published_year', value: (r) => int(r, 1921, 2024), paraphrase: 'When was {x} first printed?' },
      { key: 'pages', value: (r) => int(r, 96, 880), paraphrase: 'How long is {x}?' },
      { key: 'isbn', value: (r) => `978-${int(r, 0, 9)}-${int(r, 1000, 9999)}-${int(r, 1000, 9999)}-${int(r, 0, 9)}` },
      { key: 'available_copies', value: (r) => int(r, 11, 60), paraphrase: 'How many of {x} can be borrowed right now?' },
    ],
  },
  {
    wrapper: 'listings',
    nameKey: 'address',
    names: ['12 Elm Street', '4 Birch Lane', '88 Harbour Road', '230 Mill Avenue', '7 Orchard Close', '19 Quarry Hill', '51 Station Row'],
    fields: [
      { key: 'bedrooms', value: (r) => int(r, 1, 7), paraphrase: 'How many rooms to sleep in does {x} have?' },
      { key: 'floor_area_sqft', value: (r) => int(r, 540, 4800), paraphrase: 'How big is the home at {x}?' },
      { key: 'asking_price', value: (r) => int(r, 150, 2400) * 1000, paraphrase: 'How much does the seller want for {x}?' },
      { key: 'year_built', value: (r) => int(r, 1890, 2023), paraphrase: 'How old is the house at {x}?' },
      { key: 'agent', value: (r) => pick(r, PEOPLE), paraphrase: 'Who is selling {x} for the owner?' },
    ],
    meta: (r) => ({ search: { radius_km: int(r, 2, 20) }, results: 7 }),
  },
  {
    wrapper: 'prescriptions',
    nameKey: 'drug',
    names: ['metformin', 'lisinopril', 'atorvastatin', 'levothyroxine', 'amlodipine', 'omeprazole', 'sertraline'],
    fields: [
      { key: 'dose_mg', value: (r) => pick(r, [2.5, 5, 10, 20, 25, 40, 50, 75, 100, 250, 500, 850]), paraphrase: 'How much {x} should be taken each time?' },
      { key: 'frequency', value: (r) => pick(r, ['once daily', 'twice daily', 'every 8 hours', 'at bedtime', 'weekly']), paraphrase: 'How often is {x} taken?' },
      { key: 'prescriber', value: (r) => `Dr. ${pick(r, PEOPLE)}`, paraphrase: 'Which doctor ordered the {x}?' },
      { key: 'refills_remaining', value: (r) => int(r, 0, 11), paraphrase: 'How many more times can {x} be collected from the pharmacy?' },
    ],
    meta: () => ({ patient_id: 'p-20931', updated: '2026-10-02' }),
  },
  {
    wrapper: 'events',
    nameKey: 'event',
    names: ['Jazz Night', 'Spring Book Fair', 'Robotics Workshop', 'Harvest Market', 'Film Club Premiere', 'Chess Open', 'Poetry Slam'],
    fields: [
      { key: 'venue', value: (r) => pick(r, ['Town Hall', 'Old Granary', 'Pier 4 Pavilion', 'Library Atrium', 'Riverside Park']), paraphrase: 'Where is the {x} held?' },
      { key: 'capacity', value: (r) => int(r, 40, 2500), paraphrase: 'How many people fit in the {x}?' },
      { key: 'organizer', value: (r) => pick(r, PEOPLE), paraphrase: 'Who is running the {x}?' },
      { key: 'starts_at', value: (r) => `${date(r, 2027, 2027)}T${String(int(r, 9, 21)).padStart(2, '0')}:00`, paraphrase: 'When does the {x} begin?' },
      { key: 'ticket_price', value: (r) => int(r, 3, 80), paraphrase: 'How much is admission to the {x}?' },
    ],
  },
  {
    wrapper: 'vehicles',
    nameKey: 'model',
    names: ['Corsa Vento', 'Atlas Cruiser', 'Brisa EV', 'Kestrel GT', 'Nomad 4x4', 'Lumen Hatch', 'Orca Van'],
    fields: [
      { key: 'horsepower', value: (r) => int(r, 75, 620), paraphrase: 'How powerful is the engine of the {x}?' },
      { key: 'seats', value: (r) => int(r, 2, 9), paraphrase: 'How many passengers can the {x} carry?' },
      { key: 'fuel_economy_mpg', value: (r) => int(r, 180, 620) / 10, paraphrase: 'How far does the {x} go on a gallon of gas?' },
      { key: 'msrp_usd', value: (r) => int(r, 18, 140) * 1000 + int(r, 0, 9) * 100, paraphrase: 'What is the sticker cost of the {x}?' },
      { key: 'manufacturer', value: (r) => pick(r, ['Halden Motors', 'Voss Automotive', 'Sierra Works', 'Kaito']), paraphrase: 'Which company builds the {x}?' },
    ],
  },
];

/** One question about one field of one record, the expected value as it appears in the JSON. */
export interface JsonQuestion {
  doc: string;
  literal: string;
  paraphrase: string;
  answer: string;
  key: string;
  /** The asked record's name (the value the question names it by). */
  name: string;
}

/** Whether some object of the (parsed) output holds both the answer and the record's name: a price without its hotel answers nothing. */
export function keptWithName(out: unknown, q: Pick<JsonQuestion, 'answer' | 'name'>): boolean {
  if (Array.isArray(out)) return out.some((x) => keptWithName(x, q));
  if (out === null || typeof out !== 'object') return false;
  const values = Object.values(out);
  return (values.some((v) => JSON.stringify(v) === q.answer) && values.includes(q.name)) || values.some((v) => keptWithName(v, q));
}

/** What real API records carry besides the fields asked about: ids, timestamps, links, tags. */
function noise(r: Random, name: string): Record<string, unknown> {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/gu, '-');
  return {
    created_at: `${date(r, 2019, 2025)}T${String(int(r, 0, 23)).padStart(2, '0')}:${String(int(r, 10, 59))}:00Z`,
    updated_at: `${date(r, 2025, 2026)}T${String(int(r, 0, 23)).padStart(2, '0')}:${String(int(r, 10, 59))}:00Z`,
    url: `https://api.example.com/v2/items/${slug}`,
    tags: [pick(r, ['featured', 'archived', 'beta', 'internal', 'promo']), pick(r, ['eu', 'us', 'apac'])],
    etag: `W/"${int(r, 1e8, 9e8).toString(16)}"`,
  };
}

const words = (key: string) => key.replace(/_/gu, ' ');

/**
 * `count` documents (each a kind's records in random order with all fields, pretty-printed) and
 * their questions: every field that has a paraphrase, about a random record, kept only where the
 * answer occurs once in the document.
 */
export function jsonQuestions(r: Random, perKind: number): JsonQuestion[] {
  const out: JsonQuestion[] = [];
  for (const kind of KINDS) {
    for (let d = 0; d < perKind; d++) {
      const names = [...kind.names].sort(() => r() - 0.5);
      const drawn = names.map((name, i) => ({ id: `${kind.wrapper.slice(0, 3)}_${int(r, 1e7, 9e7).toString(36)}`, [kind.nameKey]: name, ...Object.fromEntries(kind.fields.map((f) => [f.key, f.value(r, i)])), ...noise(r, name) }));
      // One key order per document, as an API has, but not the order the fields were written in:
      // the asked field is as likely to come after the ids, timestamps and links as before them.
      const order = Object.keys(drawn[0]!).sort(() => r() - 0.5);
      const records = drawn.map((rec) => Object.fromEntries(order.map((k) => [k, rec[k]])) as Record<string, unknown>);
      const body = { ...(kind.meta?.(r) ?? {}), [kind.wrapper]: records };
      const doc = JSON.stringify(body, null, 2);
      for (const f of kind.fields) {
        if (!f.paraphrase) continue;
        const rec = pick(r, records);
        const answer = JSON.stringify(rec[f.key]);
        if (doc.split(answer).length !== 2) continue;
        const name = rec[kind.nameKey] as string;
        out.push({ doc, literal: `What is the ${words(f.key)} of ${name}?`, paraphrase: f.paraphrase.replace('{x}', name), answer, key: f.key, name });
      }
    }
  }
  return out;
}
