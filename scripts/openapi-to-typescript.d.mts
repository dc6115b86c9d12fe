export type RecordLocation = [method: string, path: string, status: string, pointer: string];
export type ValueSetRule = [typeName: string, constant: string | null, kind?: 'array' | 'record-array'];

export function responseSchema(doc: unknown, where: RecordLocation): Record<string, unknown>;
export function shapeKey(schema: unknown): string;
export function recordsToTypeScript(
  doc: unknown,
  options: {
    records: Record<string, RecordLocation>;
    valueSets?: Record<string, ValueSetRule>;
    values?: Record<string, readonly string[]>;
    valueSetModule?: string;
    header?: string[];
  },
): string;
