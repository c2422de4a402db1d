/**
 * What a developer sees from tsc when using the SDK: each error message (flattened as the editor
 * shows it) and the hover text at a marker, from a fixture compiled with the TypeScript language
 * service. test/type-names.test.ts runs it on src, tests/e2e/sdk-dist-types.spec.ts on the built
 * dist/ .d.ts (issue 27: errors and hovers name the DTO, in ≤ 300 characters).
 */
import ts from 'typescript';
import { operations } from '../src/generated/operations.ts';

export interface Compiled {
  /** Every diagnostic of the fixture, by the 1-based line it is on. */
  errors: { line: number; text: string }[];
  /** The hover text at each `/*@name*\/` marker (placed right before an identifier), by name. */
  hovers: Record<string, string>;
}

/** The folder the fixtures sit in: `@voxdesk/sdk` resolves from there like from an app. */
export const FIXTURE_DIR = new URL('.', import.meta.url).pathname.replace(/\/$/, '');
const FIXTURE = `${FIXTURE_DIR}/__type_fixture__.ts`;

/**
 * @param source the fixture
 * @param entry `src` resolves `@voxdesk/sdk` to src/ (the `source` condition), `dist` to dist/*.d.ts
 */
export function compile(source: string, entry: 'src' | 'dist'): Compiled {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2023,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    customConditions: entry === 'src' ? ['source'] : [],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    allowImportingTsExtensions: true,
    types: [],
  };
  const read = (name: string) => (name === FIXTURE ? source : ts.sys.readFile(name));
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => options,
    getScriptFileNames: () => [FIXTURE],
    getScriptVersion: () => '1',
    getScriptSnapshot: (name) => {
      const text = read(name);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => FIXTURE_DIR,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: (name) => name === FIXTURE || ts.sys.fileExists(name),
    readFile: read,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  const service = ts.createLanguageService(host);
  try {
    const file = service.getProgram()?.getSourceFile(FIXTURE);
    if (!file) throw new Error('the fixture did not compile');
    const errors = [
      ...service.getSyntacticDiagnostics(FIXTURE),
      ...service.getSemanticDiagnostics(FIXTURE),
    ].map((d) => ({
      line: file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1,
      text: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
    }));
    const hovers: Record<string, string> = {};
    for (const match of source.matchAll(/\/\*@(\w+)\*\//g)) {
      const info = service.getQuickInfoAtPosition(FIXTURE, (match.index ?? 0) + match[0].length);
      hovers[match[1] ?? ''] = ts.displayPartsToString(info?.displayParts);
    }
    return { errors, hovers };
  } finally {
    service.dispose();
  }
}

/** The longest message or hover the tests accept (issue 27; Vapi's official SDK: 151–202). */
export const MAX_MESSAGE = 300;

/** Mistakes a developer makes, each on its own line, with the name its error must carry. */
export const MISTAKES = [
  ['a typo in a field', `void vapi.assistants.create({ nmae: 'Reception' });`, 'CreateAssistantDTO'],
  ['a missing required field', `void vapi.squads.create({ name: 'Front desk' });`, 'CreateSquadDTO'],
  [
    'a field of the wrong type',
    `void vapi.workflows.create({ name: 'x', nodes: [], edges: 'none' });`,
    'Edge[]',
  ],
  ['a typo in a query', `void vapi.assistants.list({ limt: 10 });`, 'AssistantsListQuery'],
  [
    'a typo in one of several bodies',
    `void vapi.tools.create({ type: 'endCall', fucntion: {} });`,
    'CreateEndCallToolDTO',
  ],
] as const;

/** Hovers over results: the name a developer sees for each. */
export const HOVERS = [
  ['assistants.get()', `await vapi.assistants.get('id')`, 'Assistant'],
  ['calls.get()', `await vapi.calls.get('id')`, 'Call'],
  ['assistants.list()', `await vapi.assistants.list()`, 'Assistant[]'],
  ['phoneNumbers.get()', `await vapi.phoneNumbers.get('id')`, 'PhoneNumbersGetResponse'],
  ['tools.list()', `await vapi.tools.list()`, 'ToolsListResponse'],
  ['an item of v2.calls.iterate()', `vapi.v2.calls.iterate()`, 'AsyncGenerator<Call, any, any>'],
] as const;

/** One fixture with every mistake, every hover and every operation's arguments and result. */
export function fixture(): { source: string; mistakeLine: (index: number) => number } {
  const head = [
    `import { Vapi, type OperationArgs, type OperationResults } from '@voxdesk/sdk';`,
    `const vapi = new Vapi({ token: 'sk' });`,
  ];
  const mistakes = MISTAKES.map(([, code]) => code);
  const hovers = HOVERS.map(([, expr], i) => `export const /*@h${i}*/h${i} = ${expr};`);
  const ops = operations.flatMap((o, i) => [
    `export declare const /*@args${i}*/args${i}: OperationArgs['${o.id}'];`,
    `export declare const /*@result${i}*/result${i}: OperationResults['${o.id}'];`,
  ]);
  return {
    source: [...head, ...mistakes, ...hovers, ...ops].join('\n'),
    mistakeLine: (index) => head.length + index + 1,
  };
}
