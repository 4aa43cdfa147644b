import { longDocument } from '../helpers/texts.js';

/** A chat that has run for a while, as plain role/content pairs, for every conversation integration. */
export const OLDER_TURNS: { role: 'user' | 'assistant'; content: string }[] = [
  { role: 'user', content: 'I am planning a trip along the coast. Which towns does the coastal railway connect, and how often do trains run?' },
  { role: 'assistant', content: 'The coastal railway connects Porto Sera with Alvik over 214 kilometres of track. Trains run every two hours and the journey takes just under four hours.' },
  { role: 'user', content: 'Is there anything worth seeing on the way, like a famous bakery or a garden?' },
  { role: 'assistant', content: 'The Linden Street bakery opens at six in the morning and sells rye bread, poppy seed rolls and a famous plum cake. Its founder, Marta Ilves, opened the shop in 1987.' },
  { role: 'user', content: 'And what about the volcano near the harbour town of Vell?' },
  { role: 'assistant', content: 'Mount Karela is a stratovolcano on the island of Tessaly. Geologists monitor it with a network of twelve seismometers.' },
];

export const QUESTION = 'When did Mount Karela last erupt?';
/** The long document pasted in the last turn (about 4,500 characters). */
export const DOCUMENT = longDocument(3);
/** The last user turn: a pasted document, a blank line, the question. */
export const LAST_TURN = `${DOCUMENT}\n\n${QUESTION}`;

/** A large tool result (about 7,000 characters of JSON): sixty stations, one of them Alvik. */
export const STATIONS = Array.from({ length: 60 }, (_, i) => ({ id: i, city: i === 41 ? 'Alvik' : `Town ${i}`, population: 1000 + i * 37, note: 'regular stop on the coastal line' }));
