/** Fixed English test documents (written for these tests; no validation data). */
export const TOPICS: Record<string, string[]> = {
  volcano: [
    'Mount Karela is a stratovolcano on the island of Tessaly. It last erupted in 1911, when ash fell on the harbour town of Vell for three days.',
    'Geologists monitor the volcano with a network of twelve seismometers. A sudden rise in small earthquakes usually precedes an eruption by several weeks.',
  ],
  bakery: [
    'The Linden Street bakery opens at six in the morning and sells rye bread, poppy seed rolls and a famous plum cake.',
    'Its founder, Marta Ilves, learned to bake from her grandmother and opened the shop in 1987 with a single oven.',
  ],
  railway: [
    'The coastal railway connects Porto Sera with Alvik over 214 kilometres of track. Trains run every two hours and the journey takes just under four hours.',
    'The line was electrified in 1974. Its longest tunnel, the Grey Ridge tunnel, is 3.2 kilometres long.',
  ],
  chess: [
    'The city chess club meets on Tuesday evenings in the old library. Members play rapid games and analyse famous endgames together.',
    'Last spring the club won the regional team championship for the first time, beating the defending champions in the final round.',
  ],
  garden: [
    'Tomatoes need at least six hours of direct sunlight a day and regular watering at the roots rather than on the leaves.',
    'Gardeners often pinch off the side shoots so the plant puts its energy into fruit instead of foliage.',
  ],
};

/** Every topic's paragraphs joined by blank lines, repeated `copies` times with numbered variants. */
export function longDocument(copies = 3): string {
  const out: string[] = [];
  for (let c = 0; c < copies; c++) {
    for (const [topic, paras] of Object.entries(TOPICS)) {
      for (const p of paras) out.push(c === 0 ? p : `${p} (Note ${c} on the ${topic}.)`);
    }
  }
  return out.join('\n\n');
}
