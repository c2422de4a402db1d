/** Reads api/operations.tsv, the hand-edited operation rows (columns: api/README.md). */

export interface Row {
  id: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  params: string[];
  body: 'json' | 'json?' | 'multipart' | 'none';
  query: 'required' | 'optional' | 'none';
  /** Headers the document requires, with the value sent unless the caller sets one. */
  headers: Record<string, string>;
  auth: 'bearer' | 'none';
  deprecated: boolean;
  paging: 'v1' | 'pages' | 'none';
  download: boolean;
  returns: 'object' | 'array' | 'page' | 'file' | 'any';
  check: '' | 'assistant-or-squad';
  openapiOperationId: string;
  notes: string;
}

const COLUMNS = [
  'id',
  'method',
  'path',
  'body',
  'query',
  'headers',
  'auth',
  'deprecated',
  'paging',
  'download',
  'returns',
  'check',
  'openapi_operation_id',
  'notes',
];

const ALLOWED: Record<string, string[]> = {
  method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
  body: ['json', 'json?', 'multipart', 'none'],
  query: ['required', 'optional', 'none'],
  auth: ['bearer', 'none'],
  deprecated: ['yes', ''],
  paging: ['v1', 'pages', ''],
  download: ['yes', ''],
  returns: ['object', 'array', 'page', 'file', 'any'],
  check: ['assistant-or-squad', ''],
};

export function parseRows(tsv: string): Row[] {
  const [header, ...lines] = tsv.trimEnd().split('\n');
  if (header !== COLUMNS.join('\t'))
    throw new Error(`operations.tsv: the header must be ${COLUMNS.join(' <tab> ')}`);
  return lines.map((line, index) => {
    const cells = line.split('\t');
    const cell = (name: string) => {
      const value = cells[COLUMNS.indexOf(name)] ?? '';
      const allowed = ALLOWED[name];
      if (allowed && !allowed.includes(value))
        throw new Error(
          `operations.tsv line ${index + 2}: ${name} "${value}" is not one of ${allowed.join('|')}`,
        );
      return value;
    };
    const path = cell('path');
    const headers = Object.fromEntries(
      cell('headers')
        .split(',')
        .filter(Boolean)
        .map((pair) => pair.split('=') as [string, string]),
    );
    return {
      id: cell('id'),
      method: cell('method') as Row['method'],
      path,
      params: Array.from(path.matchAll(/\{(\w+)\}/g), (m) => m[1] ?? ''),
      body: cell('body') as Row['body'],
      query: cell('query') as Row['query'],
      headers,
      auth: cell('auth') as Row['auth'],
      deprecated: cell('deprecated') === 'yes',
      paging: (cell('paging') || 'none') as Row['paging'],
      download: cell('download') === 'yes',
      returns: cell('returns') as Row['returns'],
      check: cell('check') as Row['check'],
      openapiOperationId: cell('openapi_operation_id'),
      notes: cell('notes'),
    };
  });
}
