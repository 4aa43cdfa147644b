/**
 * Short contexts (one to three sentences) with a question and the one word that answers it, for
 * question-specific compression at tiny budgets (1-10 tokens). The first is the Rollo
 * example; the inline-code ones check that a cut never splits a code span.
 */
export interface ShortQuestion {
  context: string;
  question: string;
  answer: string;
}

export const SHORT_QUESTIONS: ShortQuestion[] = [
  {
    context: 'The Normans gave their name to Normandy, a region in northern France, after they settled there in the tenth century under their leader Rollo.',
    question: 'Who led the Normans?',
    answer: 'Rollo',
  },
  {
    context: 'The bridge was opened to traffic in 1937 after four years of construction. It was the longest suspension bridge in the world at the time.',
    question: 'When was the bridge opened?',
    answer: '1937',
  },
  {
    context: 'The library holds about 3,400 manuscripts, most of them medieval. Visitors need a reader card, which the front desk issues in a few minutes.',
    question: 'How many manuscripts does the library hold?',
    answer: '3,400',
  },
  {
    context: 'To install the command-line tool, run `npm install -g crema-cli` in a terminal. It needs Node 20 or later.',
    question: 'Which command installs the tool?',
    answer: '`npm install -g crema-cli`',
  },
  {
    context: 'The telescope was designed by the engineer Margaret Hale and built in a small workshop near the coast. Its mirror is two metres wide.',
    question: 'Who designed the telescope?',
    answer: 'Hale',
  },
  {
    context: 'The festival takes place every summer in the old harbour. The first edition was held in 1984 with only three stages.',
    question: 'When was the first edition of the festival held?',
    answer: '1984',
  },
  {
    context: 'Set the environment variable `CREMA_WORKERS=4` to run four scoring workers. The default is one worker per core.',
    question: 'Which variable sets the number of workers?',
    answer: '`CREMA_WORKERS=4`',
  },
  {
    context: 'The river flows for 1,230 kilometres before it reaches the sea. Its delta is home to many bird species.',
    question: 'How long is the river?',
    answer: '1,230',
  },
  {
    context: 'After the merger the company moved its headquarters to Rotterdam. The old offices were turned into apartments.',
    question: 'Where did the company move its headquarters?',
    answer: 'Rotterdam',
  },
  {
    context: 'The vaccine trial enrolled 412 volunteers in three countries. Results were published in the spring.',
    question: 'How many volunteers were enrolled in the trial?',
    answer: '412',
  },
  {
    context: 'The novel was written by Chinua Achebe and first published in London. It is one of the most widely read books in African literature.',
    question: 'Who wrote the novel?',
    answer: 'Achebe',
  },
  {
    context: 'The treaty was signed on 14 October 1066 in the abbey. Both kings attended the ceremony with their advisers.',
    question: 'When was the treaty signed?',
    answer: '1066',
  },
];
