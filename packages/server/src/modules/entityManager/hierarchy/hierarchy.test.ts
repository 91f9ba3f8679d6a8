import { IMPORT_CSV_COLUMNS } from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInToOrg } from '../../../testing/session';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import {
  addPerson,
  addProject,
  createEntity,
  createType,
  type EntityManagerClient,
  entityManagerClient,
  tokenOf,
} from '../testSupport';
import { parseCsv } from './csv';

let platform: TestPlatform;
let orgId: string;
let admin: EntityManagerClient;
const types = { line: '', machine: '', probe: '' };

beforeAll(async () => {
  platform = await createTestPlatform();
  const session = await signInToOrg(platform.app);
  orgId = session.org_id;
  admin = entityManagerClient(platform, orgId, session.access_token);
  types.line = await createType(admin, 'asset', { name: 'Line' });
  types.machine = await createType(admin, 'asset', {
    name: 'Machine',
    metadata_fields: [
      { key: 'power', data_type: 'number', unit: 'kW', default_value: '7.5' },
      { key: 'note', data_type: 'string' },
    ],
  });
  types.probe = await createType(admin, 'sensor', {
    name: 'Probe',
    metadata_fields: [{ key: 'wires', data_type: 'integer', default_value: '2' }],
  });
});
afterAll(() => platform.close());

interface Node {
  id: string;
  name: string;
  kind: string;
  depth: number;
  parent_id: string | null;
  child_count: number;
  type_name: string;
}

async function hierarchy(
  projectId: string,
): Promise<{ project: { name: string }; nodes: Node[]; total_entries: number }> {
  const response = await admin.get(`/projects/${projectId}/hierarchy`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function entityCount(projectId: string): Promise<number> {
  const row = await platform.deps.db
    .selectFrom('entities')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A tree's shape without ids: each node as an indented 'kind type name' line, in answer order. */
function outline(nodes: Node[]): string[] {
  return nodes.map((node) => `${'  '.repeat(node.depth)}${node.kind} ${node.type_name} ${node.name}`);
}

describe('project hierarchy', () => {
  it('answers every node depth-first, siblings by name, with child counts', async () => {
    const projectId = await addProject(platform, orgId, 'Tree Plant');
    const b = await createEntity(admin, projectId, 'asset', { name: 'b line', type_id: types.line });
    const a = await createEntity(admin, projectId, 'asset', { name: 'A line', type_id: types.line });
    const press = await createEntity(admin, projectId, 'asset', {
      name: 'press',
      type_id: types.machine,
      parent_id: a,
    });
    await createEntity(admin, projectId, 'sensor', { name: 't2', type_id: types.probe, parent_id: press });
    await createEntity(admin, projectId, 'sensor', { name: 'T1', type_id: types.probe, parent_id: press });
    await createEntity(admin, projectId, 'asset', { name: 'Drill', type_id: types.machine, parent_id: a });
    await createEntity(admin, projectId, 'sensor', { name: 'loose', type_id: types.probe, parent_id: b });
    const tree = await hierarchy(projectId);
    expect(tree.project.name).toBe('Tree Plant');
    expect(tree.total_entries).toBe(7);
    expect(outline(tree.nodes)).toEqual([
      'asset Line A line',
      '  asset Machine Drill',
      '  asset Machine press',
      '    sensor Probe T1',
      '    sensor Probe t2',
      'asset Line b line',
      '  sensor Probe loose',
    ]);
    expect(tree.nodes.map((node) => node.child_count)).toEqual([2, 0, 2, 0, 0, 1, 0]);
  });

  it('imports a few thousand rows in one request and logs one activity entry', async () => {
    const projectId = await addProject(platform, orgId, 'Big Plant');
    const rows: object[] = [];
    for (let l = 0; l < 20; l++) {
      rows.push({ ref: `L${l}`, kind: 'asset', name: `Line ${l}`, type: 'line' });
      for (let m = 0; m < 10; m++) {
        rows.push({
          ref: `L${l}M${m}`,
          kind: 'asset',
          name: `Machine ${m}`,
          type: 'Machine',
          parent_ref: `L${l}`,
          metadata: { power: String(m) },
        });
        for (let s = 0; s < 14; s++) {
          rows.push({
            ref: `L${l}M${m}S${s}`,
            kind: 'sensor',
            name: `Sensor ${s}`,
            type: 'Probe',
            parent_ref: `L${l}M${m}`,
            position: s % 2 ? 'outdoor' : 'indoor',
          });
        }
      }
    }
    // Children before their parents in the file are fine.
    rows.reverse();
    const response = await admin.post(`/projects/${projectId}/hierarchy/import`, { format: 'json', rows });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ created: 3020, rows: 3020, errors: [] });
    const tree = await hierarchy(projectId);
    expect(tree.total_entries).toBe(3020);
    expect(outline(tree.nodes.slice(0, 3))).toEqual([
      'asset Line Line 0',
      '  asset Machine Machine 0',
      '    sensor Probe Sensor 0',
    ]);
    const stored = await platform.deps.db
      .selectFrom('entities')
      .select(['path', 'depth', 'metadata', 'position', 'kind'])
      .where('project_id', '=', projectId)
      .where('depth', '=', 2)
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(stored.path.split('/').filter(Boolean)).toHaveLength(3);
    expect(stored.metadata).toEqual([{ key: 'wires', data_type: 'integer', unit: '', value: '2' }]);
    const log = await platform.deps.db
      .selectFrom('activity')
      .select(['summary', 'action', 'entity_type'])
      .where('entity_id', '=', projectId)
      .execute();
    expect(log).toEqual([
      {
        action: 'imported',
        entity_type: 'project',
        summary: 'Imported 3,020 entities (220 assets, 2,800 sensors) into project "Big Plant"',
      },
    ]);
  });

  it('reports every bad row and writes nothing when any row is bad', async () => {
    const projectId = await addProject(platform, orgId, 'Bad Import Plant');
    const existingSensor = await createEntity(admin, projectId, 'sensor', {
      name: 'S',
      type_id: types.probe,
    });
    const existingAsset = await createEntity(admin, projectId, 'asset', { name: 'A', type_id: types.line });
    const rows = [
      { ref: 'ok', kind: 'asset', name: 'Fine', type: 'Line' },
      { ref: 'ok2', kind: 'asset', name: 'Under existing', type: 'Line', parent_id: existingAsset },
      { ref: 'dup', kind: 'asset', name: 'Dup 1', type: 'Line' },
      { ref: 'dup', kind: 'asset', name: 'Dup 2', type: 'Line' },
      { ref: 'x', kind: 'asset', name: 'X', type: 'Line', parent_ref: 'y' },
      { ref: 'y', kind: 'asset', name: 'Y', type: 'Line', parent_ref: 'x' },
      { ref: 'nt', kind: 'asset', name: 'No type', type: 'Probe' },
      { ref: 'np', kind: 'sensor', name: 'No parent', type: 'Probe', parent_ref: 'ghost' },
      { ref: 'us', kind: 'sensor', name: 'Under sensor', type: 'Probe', parent_id: existingSensor },
      {
        ref: 'md',
        kind: 'asset',
        name: 'Bad meta',
        type: 'Machine',
        metadata: { power: 'high', colour: 'red' },
      },
      { ref: 'sh', kind: 'gadget', name: '' },
      { ref: 's2', kind: 'sensor', name: 'Child of sensor', type: 'Probe', parent_ref: 'us' },
    ];
    const response = await admin.post(`/projects/${projectId}/hierarchy/import`, { format: 'json', rows });
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report.created).toBe(0);
    expect(report.rows).toBe(12);
    const byRow = Object.fromEntries(
      report.errors.map((e: { row: number; errors: string[] }) => [e.row, e.errors]),
    );
    expect(Object.keys(byRow).map(Number)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(byRow[3]).toEqual(['ref: "dup" is used more than once (also row 4)']);
    expect(byRow[5]).toEqual(['parent_ref: The rows "x" → "y" → "x" form a cycle']);
    expect(byRow[7]).toEqual(['type: No asset type named "Probe"']);
    expect(byRow[8]).toEqual(['parent_ref: No row has ref "ghost"']);
    expect(byRow[9]).toEqual(['parent_id: A sensor cannot hold other entities; choose an asset']);
    expect(byRow[10]).toEqual([
      'metadata.colour: "colour" is not a metadata field of type "Machine"',
      'metadata.power: Must be a number',
    ]);
    expect(byRow[11]?.some((e: string) => e.startsWith('kind:'))).toBe(true);
    expect(byRow[11]?.some((e: string) => e.startsWith('name:'))).toBe(true);
    expect(byRow[12]).toEqual(['parent_ref: "us" is a sensor; only assets hold entities']);
    expect(report.errors[0].ref).toBe('dup');
    expect(await entityCount(projectId)).toBe(2);
  });

  it('round-trips a project through a CSV export and import', async () => {
    const source = await addProject(platform, orgId, 'Export, "Source" Plant');
    const line = await createEntity(admin, source, 'asset', {
      name: 'Line, "one"',
      type_id: types.line,
      description: 'Two\nlines',
      location: { latitude: -12.5, longitude: 130.25 },
    });
    const press = await createEntity(admin, source, 'asset', {
      name: 'Press',
      type_id: types.machine,
      parent_id: line,
      metadata: { power: '-3.5e2', note: 'a, b' },
    });
    await createEntity(admin, source, 'sensor', {
      name: 'Probe out',
      type_id: types.probe,
      parent_id: press,
      position: 'outdoor',
      metadata: { wires: '4' },
    });
    await createEntity(admin, source, 'sensor', { name: 'Probe top', type_id: types.probe });

    const exported = await admin.get(`/projects/${source}/hierarchy/export`, { format: 'csv' });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/^text\/csv/);
    expect(exported.headers['content-disposition']).toBe(
      'attachment; filename="export-source-plant-hierarchy.csv"',
    );
    const header = exported.body.split('\r\n')[0];
    expect(header).toBe([...IMPORT_CSV_COLUMNS, 'meta.power', 'meta.note', 'meta.wires'].join(','));

    const target = await addProject(platform, orgId, 'Export Target');
    const imported = await admin.post(`/projects/${target}/hierarchy/import`, {
      format: 'csv',
      csv: exported.body,
    });
    expect(imported.json()).toEqual({ created: 4, rows: 4, errors: [] });
    expect(outline((await hierarchy(target)).nodes)).toEqual(outline((await hierarchy(source)).nodes));
    const copy = (await admin.get(`/projects/${target}/assets`, { search: 'Line' })).json().entities[0];
    expect(copy).toMatchObject({
      name: 'Line, "one"',
      description: 'Two\nlines',
      location: { latitude: -12.5, longitude: 130.25 },
    });
    const sensor = (await admin.get(`/projects/${target}/sensors`, { search: 'out' })).json().entities[0];
    expect(sensor).toMatchObject({ position: 'outdoor', metadata: [{ key: 'wires', value: '4' }] });
    expect(sensor.hierarchy.map((h: { name: string }) => h.name)).toEqual(['Line, "one"', 'Press']);
    const pressCopy = (await admin.get(`/projects/${target}/assets`, { search: 'Press' })).json().entities[0];
    expect(pressCopy.metadata.map((m: { value: string }) => m.value)).toEqual(['-3.5e2', 'a, b']);

    // The JSON export is an import body as it stands.
    const json = await admin.get(`/projects/${source}/hierarchy/export`, { format: 'json' });
    expect(json.headers['content-disposition']).toMatch(/\.json"$/);
    const again = await addProject(platform, orgId, 'JSON Target');
    expect(
      (await admin.post(`/projects/${again}/hierarchy/import`, JSON.parse(json.body))).json().created,
    ).toBe(4);
    expect(outline((await hierarchy(again)).nodes)).toEqual(outline((await hierarchy(source)).nodes));
  });

  it('neutralizes text a spreadsheet would run as a formula, keeps numbers, and imports it back as it was', async () => {
    const source = await addProject(platform, orgId, 'Formula Plant');
    const hostile = ['=HYPERLINK("http://evil.test","open")', '+cmd|calc', '@SUM(A1)', "'=quoted"];
    for (const [i, name] of hostile.entries()) {
      await createEntity(admin, source, 'asset', {
        name,
        type_id: types.machine,
        description: '-2+3',
        location: { latitude: -12.5, longitude: -130.25 },
        metadata: { power: `-${i + 1}.5`, note: '=1+1' },
      });
    }
    const exported = await admin.get(`/projects/${source}/hierarchy/export`, { format: 'csv' });
    const [header, ...records] = parseCsv(exported.body);
    const cell = (record: string[] | undefined, column: string) => record?.[header?.indexOf(column) ?? -1];
    const byName = (name: string) => records.find((r) => cell(r, 'name') === name);
    for (const name of hostile) {
      const record = byName(`'${name}`);
      expect(record, `a row named '${name}`).toBeDefined();
      expect(cell(record, 'description')).toBe("'-2+3");
      expect(cell(record, 'meta.note')).toBe("'=1+1");
      // Numbers, negative ones too, are not text: no apostrophe.
      expect(cell(record, 'latitude')).toBe('-12.5');
      expect(cell(record, 'longitude')).toBe('-130.25');
      expect(cell(record, 'meta.power')).toMatch(/^-\d\.5$/);
    }

    const target = await addProject(platform, orgId, 'Formula Target');
    const imported = await admin.post(`/projects/${target}/hierarchy/import`, {
      format: 'csv',
      csv: exported.body,
    });
    expect(imported.json()).toEqual({ created: 4, rows: 4, errors: [] });
    const copies = (await admin.get(`/projects/${target}/assets`)).json().entities;
    expect(copies.map((e: { name: string }) => e.name).sort()).toEqual([...hostile].sort());
    expect(copies[0]).toMatchObject({
      description: '-2+3',
      location: { latitude: -12.5, longitude: -130.25 },
    });
    expect(copies[0].metadata).toContainEqual(expect.objectContaining({ key: 'note', value: '=1+1' }));
  });

  it('reads CSV with meta columns in any order and refuses a file it cannot read', async () => {
    const projectId = await addProject(platform, orgId, 'CSV Plant');
    const csv =
      'name,kind,ref,type,meta.power,parent_ref\r\nHall,asset,h,Line,,\r\nPress,asset,p,Machine,12,h\r\n';
    const ok = await admin.post(`/projects/${projectId}/hierarchy/import`, { format: 'csv', csv });
    expect(ok.json()).toEqual({ created: 2, rows: 2, errors: [] });
    const bad = await admin.post(`/projects/${projectId}/hierarchy/import`, {
      format: 'csv',
      csv: 'ref,kind,name,type,latitude\nr1,asset,A,Line,north\nr2,asset,B,Line\n',
    });
    expect(bad.json()).toEqual({
      created: 0,
      rows: 2,
      errors: [
        { row: 1, ref: 'r1', errors: ['latitude: Invalid input: expected number, received string'] },
        { row: 2, ref: 'r2', errors: ['Has 4 fields; the header has 5'] },
      ],
    });
    const unreadable = await admin.post(`/projects/${projectId}/hierarchy/import`, {
      format: 'csv',
      csv: 'ref,kind,name\n',
    });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().detail).toBe('The CSV cannot be read: The header lacks the column(s) type');
    const quoting = await admin.post(`/projects/${projectId}/hierarchy/import`, {
      format: 'csv',
      csv: 'ref,kind,name,type\n"r1,asset,A,Line\n',
    });
    expect(quoting.statusCode).toBe(400);
    expect(await entityCount(projectId)).toBe(2);
  });

  it('needs importExport for import and export, view for the tree', async () => {
    const projectId = await addProject(platform, orgId, 'Guarded Plant');
    await addPerson(platform, orgId, { email: 'viewer@hierarchy.io', apps: ['entityManager'] });
    const viewer = entityManagerClient(platform, orgId, await tokenOf(platform, 'viewer@hierarchy.io'));
    expect((await viewer.get(`/projects/${projectId}/hierarchy`)).statusCode).toBe(200);
    expect((await viewer.get(`/projects/${projectId}/hierarchy/export`)).statusCode).toBe(403);
    expect(
      (await viewer.post(`/projects/${projectId}/hierarchy/import`, { format: 'json', rows: [] })).statusCode,
    ).toBe(403);
  });
});
