/**
 * Development short contexts for question-specific compression at tiny budgets (written for this
 * benchmark, not taken from any dataset): who / when / where / how many / which-code questions over
 * one to three sentences, each with the word that answers it. The rule for tiny budgets
 * (server/compression/engine/score/answer-span.ts) may be tuned on these; SHORT_QUESTIONS (short-questions.ts)
 * is the held-out part and SQuAD a test set, neither tuned on.
 */
import type { ShortQuestion } from './short-questions.js';

export const SHORT_QUESTIONS_DEV: ShortQuestion[] = [
  // who
  { context: 'The lighthouse keeper that winter was Tobias Wren, who kept a daily log of every ship that passed. His log is now in the county archive.', question: 'Who kept the lighthouse that winter?', answer: 'Wren' },
  { context: 'Most of the murals in the station were painted by Lucia Ferrante between two long strikes. Commuters barely noticed them at first.', question: 'Who painted the murals in the station?', answer: 'Ferrante' },
  { context: 'The first cookbook in the series was edited by a retired chef, Ingrid Solberg, and sold out within a month.', question: 'Who edited the first cookbook?', answer: 'Solberg' },
  { context: 'In the final round the chess title went to Arjun Mehta, a student from a small club. He had lost his first two games of the tournament.', question: 'Who won the chess title?', answer: 'Mehta' },
  { context: 'The expedition reached the summit on its third attempt. It was led by the climber Dorota Kwiatek, with four porters and a doctor.', question: 'Who led the expedition?', answer: 'Kwiatek' },
  { context: 'Maintenance of the parser moved to a volunteer, Samir Haddad, after the original author stepped down in the spring.', question: 'Who maintains the parser now?', answer: 'Haddad' },
  { context: 'The bakery on the corner was founded by two sisters. The elder, Rosa Lindqvist, still opens it at five every morning.', question: 'Who opens the bakery every morning?', answer: 'Lindqvist' },
  // when
  { context: 'The canal was completed in 1832, nine years after the first section was dug. Barges used it until the railway arrived.', question: 'When was the canal completed?', answer: '1832' },
  { context: 'The school admitted its first female students in 1969. Before that it had been a seminary for almost a century.', question: 'In what year did the school admit female students?', answer: '1969' },
  { context: 'A storm destroyed the pier in February 1953, and it was never rebuilt. Only the ticket office still stands.', question: 'When was the pier destroyed?', answer: '1953' },
  { context: 'The orchestra gave its first concert in a church hall. That was in 1921, three months after it was founded by local teachers.', question: 'When did the orchestra give its first concert?', answer: '1921' },
  { context: 'Version 3 of the library dropped support for callbacks. It was released in March 2019 after a long beta.', question: 'When was version 3 released?', answer: '2019' },
  { context: 'The museum reopens on Thursday after the renovation of its east wing. Tickets bought for the closed weeks remain valid.', question: 'When does the museum reopen?', answer: 'Thursday' },
  { context: 'The observatory recorded the comet for the last time in 1986. Its next return is expected decades from now.', question: 'What year was the comet last recorded?', answer: '1986' },
  // where
  { context: 'The conference moved from the capital to Lisbon because the venue there was cheaper. Attendance grew by a third.', question: 'Where did the conference move?', answer: 'Lisbon' },
  { context: 'The rare orchid was found growing on a cliff near Kotor by a hiking botanist. It had not been seen in decades.', question: 'Where was the rare orchid found?', answer: 'Kotor' },
  { context: 'After graduating, she took a job at a shipyard in Gdansk and stayed there for eleven years.', question: 'Where did she work after graduating?', answer: 'Gdansk' },
  { context: 'The band recorded its second album in a converted barn outside Reykjavik. The sessions took six weeks.', question: 'Where did the band record its second album?', answer: 'Reykjavik' },
  { context: 'Our backups are stored in a data centre in Frankfurt, with a second copy kept offline. Restores take about an hour.', question: 'Where are the backups stored?', answer: 'Frankfurt' },
  { context: 'The treaty talks were held in Geneva over two weeks. Neither side published the drafts.', question: 'Where were the treaty talks held?', answer: 'Geneva' },
  // how many / how much / how long
  { context: 'The choir has 48 members, most of whom also sing in the church on Sundays. Rehearsals are on Tuesday evenings.', question: 'How many members does the choir have?', answer: '48' },
  { context: 'The island is home to about 900 people and twice as many sheep. A ferry calls twice a week.', question: 'How many people live on the island?', answer: '900' },
  { context: 'The cache holds up to 512 entries before the oldest are evicted. Each entry expires after ten minutes.', question: 'How many entries does the cache hold?', answer: '512' },
  { context: 'The new tunnel is 57 kilometres long and took seventeen years to build. Trains pass through it in under twenty minutes.', question: 'How long is the new tunnel?', answer: '57' },
  { context: 'Membership costs 35 euros a year for students and more for everyone else. It includes free entry to every exhibition.', question: 'How much does student membership cost?', answer: '35' },
  { context: 'The survey reached 2,600 households in the region. Fewer than half of them owned a car.', question: 'How many households did the survey reach?', answer: '2,600' },
  { context: 'The dam holds back a reservoir that supplies water to the valley. It was raised by 14 metres in the last upgrade.', question: 'By how many metres was the dam raised?', answer: '14' },
  // which / what: code identifiers
  { context: 'To start the development server, run `npm run dev` from the project root. It reloads the page when a file changes.', question: 'Which command starts the development server?', answer: '`npm run dev`' },
  { context: 'Logging is verbose when `LOG_LEVEL=debug` is set in the environment. Leave it unset in production.', question: 'Which setting makes logging verbose?', answer: '`LOG_LEVEL=debug`' },
  { context: 'Call `flushQueue()` before shutting down, or pending events are lost. The client does not do it for you.', question: 'What function must be called before shutting down?', answer: '`flushQueue()`' },
  { context: 'Pass the `--dry-run` flag to see which files would be deleted without deleting them.', question: 'Which flag shows the files without deleting them?', answer: '`--dry-run`' },
  { context: 'Credentials are read from `config/secrets.json` at startup. The file must not be committed to the repository.', question: 'Which file holds the credentials?', answer: '`config/secrets.json`' },
  { context: 'The retry delay doubles after every failure, up to the limit set by `maxBackoffMs`. The default limit is thirty seconds.', question: 'Which option sets the limit of the retry delay?', answer: '`maxBackoffMs`' },
];
