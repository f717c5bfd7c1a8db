import { is, sql, SQL } from 'drizzle-orm';
import { getTableConfig, PgDialect, PgTable, type IndexedColumn, type PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../src/db/database';

// Compares the database the SQL migrations build with what Drizzle's schema.ts declares, so the two files kept by
// hand in parallel cannot drift apart unnoticed (ARCHITECTURE.md, "Changing the database schema"). Both sides are
// reduced to the same plain shape, then compared; each difference is one sentence naming the table and the column
// or index. Names are compared where schema.ts states them (indexes, check constraints); primary keys, unique
// constraints and foreign keys by their columns, because Drizzle makes up its own names for those and never uses
// them at runtime. Check expressions are not compared, except the allowed values of `enum` text columns.

export interface ColumnShape {
  type: string;
  notNull: boolean;
  /** The default as PostgreSQL prints it (`now()`, `'user'::text`), or null. */
  default: string | null;
  isGenerated: boolean;
  /** Values a check constraint (`col IN (...)`) allows, or Drizzle's `enum`; null when unrestricted. */
  allowedValues: string[] | null;
}

export interface TableShape {
  columns: Map<string, ColumnShape>;
  /** Column list, `a, b`. */
  primaryKey: string | null;
  /** Column lists of unique constraints (not unique indexes). */
  uniqueConstraints: Set<string>;
  /** Index name → `[unique ]method (keys)[ where predicate]`; indexes that back a constraint are left out. */
  indexes: Map<string, string>;
  /** `(a) references t (b)[ on delete x][ on update y]`. */
  foreignKeys: Set<string>;
  /** Names of check constraints other than the allowed values of a column. */
  checks: Set<string>;
}

export type SchemaShape = Map<string, TableShape>;

/** What the database holds on purpose without schema.ts declaring it, each with the reason. */
export interface KnownOmissions {
  tables: Record<string, string>;
  /** `table.column` → reason. */
  columns: Record<string, string>;
}

const dialect = new PgDialect();

/** Strips identifier quotes and `"table".` qualifiers, so Drizzle's SQL reads as PostgreSQL prints it back. */
function normaliseSql(text: string): string {
  return text
    .replace(/"[^"]+"\./g, '')
    .replace(/"/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function stripOuterParentheses(text: string): string {
  return text.startsWith('(') && text.endsWith(')') ? text.slice(1, -1) : text;
}

function renderSql(value: SQL, where: string): string {
  const query = dialect.sqlToQuery(value);
  if (query.params.length > 0) {
    throw new Error(`${where}: SQL with parameters cannot be compared; write the value into the SQL`);
  }
  return normaliseSql(query.sql);
}

// ---- What schema.ts declares ----

const SERIAL_TYPES: Record<string, string> = { smallserial: 'smallint', serial: 'integer', bigserial: 'bigint' };

/** Drizzle's SQL type as PostgreSQL's format_type() prints it. */
function toDatabaseType(declared: string): string {
  const base = declared.replace(/(\[\d*\])+$/, '');
  const arraySuffix = declared.slice(base.length).replace(/\d/g, '');
  return `${toDatabaseBaseType(base)}${arraySuffix}`;
}

function toDatabaseBaseType(base: string): string {
  const length = /\(\d+\)$/.exec(base)?.[0] ?? '';
  const name = base.slice(0, base.length - length.length);
  const serialType = SERIAL_TYPES[name];
  if (serialType) {
    return serialType;
  }
  if (name === 'char') {
    return `character${length || '(1)'}`;
  }
  if (name === 'varchar') {
    return `character varying${length}`;
  }
  if (name === 'timestamp' || name === 'time') {
    return `${name}${length} without time zone`;
  }
  return base.replace(/^numeric\((\d+), ?(\d+)\)$/, 'numeric($1,$2)');
}

/** The cast PostgreSQL prints after a literal default of this type. */
function literalCast(type: string): string {
  if (type.startsWith('character varying')) {
    return 'character varying';
  }
  return type.startsWith('character') ? 'bpchar' : type;
}

function declaredDefault(tableName: string, column: PgColumn, type: string): string | null {
  const declaredType = column.getSQLType();
  if (declaredType in SERIAL_TYPES) {
    return `nextval('${tableName}_${column.name}_seq'::regclass)`;
  }
  const value: unknown = column.default;
  if (value === undefined || value === null) {
    return null;
  }
  if (is(value, SQL)) {
    return renderSql(value, `${tableName}.${column.name} default`);
  }
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
    return String(value);
  }
  const literal = typeof value === 'string' ? value : JSON.stringify(value);
  return `'${literal.replace(/'/g, "''")}'::${literalCast(type)}`;
}

function describeIndexKey(key: Partial<IndexedColumn | SQL>, where: string): string {
  if (is(key, SQL)) {
    return renderSql(key, where);
  }
  const column = key as IndexedColumn;
  const { opClass, order, nulls } = column.indexConfig;
  const isDescending = order === 'desc';
  // PostgreSQL prints NULLS only where it is not the default (LAST ascending, FIRST descending).
  const nullsClause = nulls && (nulls === 'first') !== isDescending ? ` NULLS ${nulls.toUpperCase()}` : '';
  return `${column.name ?? ''}${opClass ? ` ${opClass}` : ''}${isDescending ? ' DESC' : ''}${nullsClause}`;
}

function describeIndex(parts: { isUnique: boolean; method: string; keys: string[]; predicate: string | null }) {
  const predicate = parts.predicate ? ` where ${stripOuterParentheses(parts.predicate)}` : '';
  return `${parts.isUnique ? 'unique ' : ''}${parts.method} (${parts.keys.join(', ')})${predicate}`;
}

function describeForeignKey(parts: {
  columns: string[];
  foreignTable: string;
  foreignColumns: string[];
  onDelete: string;
  onUpdate: string;
}): string {
  const onDelete = parts.onDelete === 'no action' ? '' : ` on delete ${parts.onDelete}`;
  const onUpdate = parts.onUpdate === 'no action' ? '' : ` on update ${parts.onUpdate}`;
  return `(${parts.columns.join(', ')}) references ${parts.foreignTable} (${parts.foreignColumns.join(', ')})${onDelete}${onUpdate}`;
}

/** The shape of every table exported by a schema module (e.g. `import * as schemaModule from '../src/db/schema'`). */
export function describeDeclaredSchema(schemaModule: Record<string, unknown>): SchemaShape {
  const shape: SchemaShape = new Map();
  for (const table of Object.values(schemaModule)) {
    if (!is(table, PgTable)) {
      continue;
    }
    const config = getTableConfig(table);
    const columns = new Map<string, ColumnShape>();
    const uniqueConstraints = new Set<string>();
    let primaryKey: string | null = null;
    for (const column of config.columns) {
      const type = toDatabaseType(column.getSQLType());
      const enumValues = column.enumValues as string[] | undefined;
      columns.set(column.name, {
        type,
        notNull: column.notNull,
        default: column.generated ? null : declaredDefault(config.name, column, type),
        isGenerated: column.generated !== undefined,
        allowedValues: enumValues && enumValues.length > 0 ? [...enumValues] : null,
      });
      if (column.primary) {
        primaryKey = column.name;
      }
      if (column.isUnique) {
        uniqueConstraints.add(column.name);
      }
    }
    for (const key of config.primaryKeys) {
      primaryKey = key.columns.map((c) => c.name).join(', ');
    }
    for (const unique of config.uniqueConstraints) {
      uniqueConstraints.add(unique.columns.map((c) => c.name).join(', '));
    }
    const indexes = new Map<string, string>();
    for (const index of config.indexes) {
      const { name, unique, method, columns: keys, where } = index.config;
      const label = `${config.name} index ${name ?? '(unnamed)'}`;
      indexes.set(
        name ?? '(unnamed)',
        describeIndex({
          isUnique: unique,
          method: method ?? 'btree',
          keys: keys.map((key) => describeIndexKey(key, label)),
          predicate: where ? renderSql(where, label) : null,
        }),
      );
    }
    const foreignKeys = new Set(
      config.foreignKeys.map((foreignKey) => {
        const reference = foreignKey.reference();
        return describeForeignKey({
          columns: reference.columns.map((c) => c.name),
          foreignTable: getTableConfig(reference.foreignTable).name,
          foreignColumns: reference.foreignColumns.map((c) => c.name),
          onDelete: foreignKey.onDelete ?? 'no action',
          onUpdate: foreignKey.onUpdate ?? 'no action',
        });
      }),
    );
    const checks = new Set(config.checks.map((check) => check.name));
    shape.set(config.name, { columns, primaryKey, uniqueConstraints, indexes, foreignKeys, checks });
  }
  return shape;
}

// ---- What the database holds ----

async function rows<T>(db: Db, text: string): Promise<T[]> {
  const result = await db.execute(sql.raw(text));
  return (result as unknown as { rows: T[] }).rows;
}

const FOREIGN_KEY_ACTIONS: Record<string, string> = {
  a: 'no action',
  r: 'restrict',
  c: 'cascade',
  n: 'set null',
  d: 'set default',
};

/** `CHECK ((role = ANY (ARRAY['user'::text, 'admin'::text])))`: the column and its values; null for other checks. */
function parseAllowedValuesCheck(definition: string): { column: string; values: string[] } | null {
  const match = /^CHECK \(\((\w+) = ANY \(ARRAY\[(.*)\]\)\)\)$/.exec(definition);
  if (!match?.[1] || match[2] === undefined) {
    return null;
  }
  const values = [...match[2].matchAll(/'((?:[^']|'')*)'::[\w ]+/g)].map((m) => (m[1] ?? '').replace(/''/g, "'"));
  return { column: match[1], values };
}

/** The method and key list of `CREATE INDEX … USING gin (lower(patient_id) gin_trgm_ops) …`. */
function parseIndexDefinition(definition: string): { method: string; keys: string[] } {
  const using = /\sUSING (\w+) \(/.exec(definition);
  if (!using?.[1]) {
    throw new Error(`cannot read the index definition ${definition}`);
  }
  const keys: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of definition.slice(using.index + using[0].length)) {
    if (char === ')' && depth === 0) {
      break;
    }
    if (char === ',' && depth === 0) {
      keys.push(current);
      current = '';
      continue;
    }
    depth += char === '(' ? 1 : char === ')' ? -1 : 0;
    current += char;
  }
  keys.push(current);
  return { method: using[1], keys: keys.map(normaliseSql) };
}

/** The shape of every table in the database's current schema (`public`), read from pg_catalog. */
export async function describeDatabaseSchema(db: Db): Promise<SchemaShape> {
  const shape: SchemaShape = new Map();
  const tableOf = (name: string): TableShape => {
    let table = shape.get(name);
    if (!table) {
      table = {
        columns: new Map(),
        primaryKey: null,
        uniqueConstraints: new Set(),
        indexes: new Map(),
        foreignKeys: new Set(),
        checks: new Set(),
      };
      shape.set(name, table);
    }
    return table;
  };
  const inSchema = `n.nspname = current_schema() and c.relkind in ('r', 'p')`;

  const columns = await rows<{
    table_name: string;
    column_name: string;
    type: string;
    not_null: boolean;
    default_value: string | null;
    generated: string;
  }>(
    db,
    `select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, a.atttypmod) as type,
            a.attnotnull as not_null, pg_get_expr(d.adbin, d.adrelid) as default_value, a.attgenerated as generated
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where ${inSchema}
      order by c.relname, a.attnum`,
  );
  for (const column of columns) {
    const isGenerated = column.generated !== '';
    tableOf(column.table_name).columns.set(column.column_name, {
      type: column.type,
      notNull: column.not_null,
      default: isGenerated ? null : column.default_value,
      isGenerated,
      allowedValues: null,
    });
  }

  const constraints = await rows<{
    table_name: string;
    name: string;
    type: string;
    definition: string;
    columns: string[];
    foreign_table: string | null;
    foreign_columns: string[];
    on_delete: string;
    on_update: string;
  }>(
    db,
    `select c.relname as table_name, con.conname as name, con.contype as type,
            pg_get_constraintdef(con.oid) as definition,
            coalesce((select json_agg(a.attname order by k.ord) from unnest(con.conkey) with ordinality k(attnum, ord)
                        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum), '[]') as columns,
            f.relname as foreign_table,
            coalesce((select json_agg(a.attname order by k.ord) from unnest(con.confkey) with ordinality k(attnum, ord)
                        join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum), '[]') as foreign_columns,
            con.confdeltype as on_delete, con.confupdtype as on_update
       from pg_constraint con
       join pg_class c on c.oid = con.conrelid
       join pg_namespace n on n.oid = c.relnamespace
       left join pg_class f on f.oid = con.confrelid
      where ${inSchema}
        -- PostgreSQL 18 also lists NOT NULL as constraints; nullability is compared per column.
        and con.contype <> 'n'
      order by c.relname, con.conname`,
  );
  for (const constraint of constraints) {
    const table = tableOf(constraint.table_name);
    const columnList = constraint.columns.join(', ');
    if (constraint.type === 'p') {
      table.primaryKey = columnList;
    } else if (constraint.type === 'u') {
      table.uniqueConstraints.add(columnList);
    } else if (constraint.type === 'f') {
      table.foreignKeys.add(
        describeForeignKey({
          columns: constraint.columns,
          foreignTable: constraint.foreign_table ?? '?',
          foreignColumns: constraint.foreign_columns,
          onDelete: FOREIGN_KEY_ACTIONS[constraint.on_delete] ?? constraint.on_delete,
          onUpdate: FOREIGN_KEY_ACTIONS[constraint.on_update] ?? constraint.on_update,
        }),
      );
    } else if (constraint.type === 'c') {
      const allowed = parseAllowedValuesCheck(constraint.definition);
      const column = allowed ? table.columns.get(allowed.column) : undefined;
      if (allowed && column) {
        column.allowedValues = allowed.values;
      } else {
        table.checks.add(constraint.name);
      }
    } else {
      table.checks.add(`${constraint.name} (constraint type ${constraint.type})`);
    }
  }

  const indexes = await rows<{
    table_name: string;
    name: string;
    is_unique: boolean;
    definition: string;
    predicate: string | null;
  }>(
    db,
    `select c.relname as table_name, i.relname as name, ix.indisunique as is_unique,
            pg_get_indexdef(ix.indexrelid) as definition, pg_get_expr(ix.indpred, ix.indrelid) as predicate
       from pg_index ix
       join pg_class i on i.oid = ix.indexrelid
       join pg_class c on c.oid = ix.indrelid
       join pg_namespace n on n.oid = c.relnamespace
      where ${inSchema}
        and not exists (select 1 from pg_constraint con where con.conindid = ix.indexrelid and con.contype in ('p', 'u', 'x'))
      order by c.relname, i.relname`,
  );
  for (const index of indexes) {
    const { method, keys } = parseIndexDefinition(index.definition);
    tableOf(index.table_name).indexes.set(
      index.name,
      describeIndex({ isUnique: index.is_unique, method, keys, predicate: index.predicate }),
    );
  }
  return shape;
}

// ---- The comparison ----

function describeDefault(value: string | null): string {
  return value === null ? 'no default' : `default ${value}`;
}

function describeValues(values: string[] | null): string {
  return values === null ? 'any value' : `only ${values.join(', ')}`;
}

function compareSets(label: string, what: string, inDatabase: Set<string>, declared: Set<string>): string[] {
  return [
    ...[...inDatabase]
      .filter((x) => !declared.has(x))
      .map((x) => `${label}: ${what} ${x} in the database, not in schema.ts`),
    ...[...declared]
      .filter((x) => !inDatabase.has(x))
      .map((x) => `${label}: ${what} ${x} in schema.ts, not in the database`),
  ];
}

function compareColumn(label: string, actual: ColumnShape, declared: ColumnShape): string[] {
  const differences: string[] = [];
  if (actual.type !== declared.type) {
    differences.push(`${label}: type ${actual.type} in the database, ${declared.type} in schema.ts`);
  }
  if (actual.notNull !== declared.notNull) {
    const nullability = (notNull: boolean) => (notNull ? 'NOT NULL' : 'nullable');
    differences.push(
      `${label}: ${nullability(actual.notNull)} in the database, ${nullability(declared.notNull)} in schema.ts`,
    );
  }
  if (actual.default !== declared.default) {
    differences.push(
      `${label}: ${describeDefault(actual.default)} in the database, ${describeDefault(declared.default)} in schema.ts`,
    );
  }
  if (actual.isGenerated !== declared.isGenerated) {
    const generated = (isGenerated: boolean) => (isGenerated ? 'generated' : 'not generated');
    differences.push(
      `${label}: ${generated(actual.isGenerated)} in the database, ${generated(declared.isGenerated)} in schema.ts`,
    );
  }
  if (JSON.stringify(actual.allowedValues) !== JSON.stringify(declared.allowedValues)) {
    differences.push(
      `${label}: ${describeValues(actual.allowedValues)} in the database, ${describeValues(declared.allowedValues)} in schema.ts`,
    );
  }
  return differences;
}

function compareTable(name: string, actual: TableShape, declared: TableShape, omissions: KnownOmissions): string[] {
  const differences: string[] = [];
  for (const [column, actualColumn] of actual.columns) {
    const declaredColumn = declared.columns.get(column);
    if (declaredColumn) {
      differences.push(...compareColumn(`${name}.${column}`, actualColumn, declaredColumn));
    } else if (!(`${name}.${column}` in omissions.columns)) {
      differences.push(`${name}.${column}: column in the database, not in schema.ts`);
    }
  }
  for (const column of declared.columns.keys()) {
    if (!actual.columns.has(column)) {
      differences.push(`${name}.${column}: column in schema.ts, not in the database`);
    }
  }
  if (actual.primaryKey !== declared.primaryKey) {
    differences.push(
      `${name}: primary key (${actual.primaryKey ?? 'none'}) in the database, (${declared.primaryKey ?? 'none'}) in schema.ts`,
    );
  }
  differences.push(...compareSets(name, 'unique constraint on', actual.uniqueConstraints, declared.uniqueConstraints));
  differences.push(...compareSets(name, 'foreign key', actual.foreignKeys, declared.foreignKeys));
  differences.push(...compareSets(name, 'check constraint', actual.checks, declared.checks));
  for (const [index, definition] of actual.indexes) {
    const declaredDefinition = declared.indexes.get(index);
    if (declaredDefinition === undefined) {
      differences.push(`${name}: index ${index} ${definition} in the database, not in schema.ts`);
    } else if (declaredDefinition !== definition) {
      differences.push(`${name}: index ${index} is ${definition} in the database, ${declaredDefinition} in schema.ts`);
    }
  }
  for (const [index, definition] of declared.indexes) {
    if (!actual.indexes.has(index)) {
      differences.push(`${name}: index ${index} ${definition} in schema.ts, not in the database`);
    }
  }
  return differences;
}

/** Every difference between the migrated database and schema.ts, one sentence each; empty when they agree. */
export function compareSchemas(inDatabase: SchemaShape, declared: SchemaShape, omissions: KnownOmissions): string[] {
  const differences: string[] = [];
  for (const [name, actual] of inDatabase) {
    const declaredTable = declared.get(name);
    if (declaredTable) {
      differences.push(...compareTable(name, actual, declaredTable, omissions));
    } else if (!(name in omissions.tables)) {
      differences.push(`${name}: table in the database, not in schema.ts`);
    }
  }
  for (const name of declared.keys()) {
    if (!inDatabase.has(name)) {
      differences.push(`${name}: table in schema.ts, not in the database`);
    }
  }
  // A stale omission would hide the next real difference under its name.
  for (const name of Object.keys(omissions.tables)) {
    if (!inDatabase.has(name) || declared.has(name)) {
      differences.push(`${name}: listed as left out of schema.ts, but it is not a table only the database has`);
    }
  }
  for (const qualified of Object.keys(omissions.columns)) {
    const [table = '', column = ''] = qualified.split('.');
    if (!inDatabase.get(table)?.columns.has(column) || declared.get(table)?.columns.has(column)) {
      differences.push(`${qualified}: listed as left out of schema.ts, but it is not a column only the database has`);
    }
  }
  return differences;
}
