import { describe, expect, it } from 'vitest';
import { configFile, cliHarness as harness } from './cli-harness.test-support.js';
import { runCli } from './run-cli.js';

describe('opendata-mcp CLI', () => {
  it('runs the demo offline and prints answers with citations', async () => {
    const h = harness();
    expect(await runCli(['demo'], h.deps)).toBe(0);
    expect(h.out()).toContain('=== Population of Zurich ===');
    expect(h.out()).toContain('"population":1605508');
    expect(h.out()).toMatch(
      /source: Resident population by canton, licence CC-BY-4\.0, .*\. offline:\/\/population\//,
    );
    expect(h.started()).toBe(1);
  });

  it('calls a tool and exits 0 on success, 1 on an error answer', async () => {
    const ok = harness();
    expect(await runCli(['call', 'get_population', '{"canton":"ZH"}', '--offline'], ok.deps)).toBe(0);
    expect(JSON.parse(ok.out())).toMatchObject({ ok: true, rows: [{ year: 2023 }] });
    const bad = harness();
    expect(await runCli(['call', 'get_population', '{"canton":"XX"}', '--offline'], bad.deps)).toBe(1);
    expect(JSON.parse(bad.out())).toMatchObject({ ok: false, error: { code: 'not_found' } });
    const unknown = harness();
    expect(await runCli(['call', 'no_such_tool', '{}', '--offline'], unknown.deps)).toBe(1);
    expect(JSON.parse(unknown.out())).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('prints each tool as tools/list advertises it with --json, and whole with --full', async () => {
    const lean = harness();
    expect(await runCli(['tools', '--offline', '--json'], lean.deps)).toBe(0);
    const tools = JSON.parse(lean.out()) as Array<Record<string, unknown>>;
    expect(tools.map((t) => [t.name, t.title, t.adapter])).toEqual([
      ['api_status', 'Backend status', 'core'],
      ['query_results', 'Query kept results with SQL', 'core'],
      ['draw_chart', 'Draw a chart of kept results', 'core'],
      ['get_population', 'Population of a canton', 'population'],
    ]);
    type Definition = {
      description: string;
      annotations: Record<string, boolean>;
      input_schema: { properties: Record<string, { description?: string }>; required?: string[] };
      output_schema: { properties: Record<string, unknown> };
    };
    const population = tools[3] as Definition;
    expect(population.description.length).toBeGreaterThan(20);
    expect(population.annotations.readOnlyHint).toBe(true);
    expect(population.input_schema.required).toContain('canton');
    expect(population.input_schema.properties.canton?.description).toBeTruthy();
    // Lean: the tool's own fields; the envelope is described once, in the server's instructions.
    expect(population.output_schema.properties).not.toHaveProperty('source');
    expect(lean.out().split('\n')).toHaveLength(tools.length + 3);

    const full = harness();
    expect(await runCli(['tools', '--offline', '--json', '--full'], full.deps)).toBe(0);
    const whole = (JSON.parse(full.out()) as Definition[])[3] as Definition;
    expect(Object.keys(whole.output_schema.properties)).toEqual(expect.arrayContaining(['ok', 'source']));
    expect(full.out().length).toBeGreaterThan(2 * lean.out().length);
  });

  it('lists tool names and titles without --json', async () => {
    const h = harness();
    expect(await runCli(['tools', '--offline'], h.deps)).toBe(0);
    expect(h.out()).toMatch(/^get_population\s+Population of a canton \[population\]$/m);
  });

  it('lists every built-in backend without a configuration, as --offline serves them', async () => {
    const h = harness();
    expect(await runCli(['tools'], h.deps)).toBe(0);
    expect(h.out()).toMatch(/^get_population\s+Population of a canton \[population\]$/m);
  });

  it('refuses bad configuration with one clear message naming the key and exit code 2', async () => {
    const cases: Array<[unknown, RegExp]> = [
      ['{ not json', /not valid JSON/],
      [{ adapters: [] }, /adapters: Too small/],
      [{ adapters: [{ type: 'nope' }] }, /adapters\[0\]\.type: unknown adapter "nope" \(known: population\)/],
      [{ adapters: [{ type: 'population', url: 'not a url' }] }, /adapters\[0\]\.url: Invalid URL/],
      [
        { adapters: [{ type: 'population', url: 'https://x.example', colour: 1 }] },
        /adapters\[0\]: Unrecognized key/,
      ],
      [{ adapters: [{ type: 'population', url: 'https://x.example' }], http: { port: 70000 } }, /http\.port/],
      [{ adapters: [{ type: 'population', url: 'https://x.example' }], extra: true }, /Unrecognized key/],
    ];
    for (const [content, message] of cases) {
      const h = harness();
      expect(await runCli(['tools', '--config', await configFile(content)], h.deps)).toBe(2);
      expect(h.err()).toMatch(message);
      expect(h.out()).toBe('');
    }
    const missing = harness();
    expect(await runCli(['tools', '--config', '/nonexistent/config.json'], missing.deps)).toBe(2);
    expect(missing.err()).toContain('Cannot read configuration file');
  });

  it('refuses bad usage with exit code 2', async () => {
    for (const argv of [
      [],
      ['frobnicate'],
      ['tools', '--no-such-flag'],
      ['call'],
      ['serve', '--transport', 'pigeon'],
    ]) {
      const h = harness();
      expect(await runCli(argv, h.deps), argv.join(' ')).toBe(2);
    }
    const env = harness({ OPENDATA_MCP_PORT: 'eighty' });
    expect(await runCli(['tools', '--offline'], env.deps)).toBe(2);
    expect(env.err()).toContain('OPENDATA_MCP_PORT');
  });

  it('prints the help of each command after it, and the global text otherwise', async () => {
    for (const command of ['serve', 'tools', 'call', 'demo']) {
      const h = harness();
      expect(await runCli([command, '--help'], h.deps), command).toBe(0);
      expect(h.out()).toMatch(new RegExp(`^Usage: opendata-mcp ${command} `));
      expect(h.out()).not.toContain('Commands:');
      // Nothing runs: no fixture is started for the help of an offline command.
      expect(h.started()).toBe(0);
    }
    const call = harness();
    await runCli(['call', 'query_results', '-h'], call.deps);
    expect(call.out()).toContain('opendata-mcp call search_cubes');
    for (const argv of [['--help'], ['constructor', '--help']]) {
      const h = harness();
      expect(await runCli(argv, h.deps)).toBe(0);
      expect(h.out()).toContain('Commands:');
    }
  });

  it('runs two instances of one adapter side by side with a tool prefix', async () => {
    const config = await configFile({
      adapters: [
        { type: 'population', id: 'first' },
        { type: 'population', id: 'second', tool_prefix: 'second' },
      ],
    });
    const h = harness();
    expect(await runCli(['tools', '--offline', '--json', '--config', config], h.deps)).toBe(0);
    expect(JSON.parse(h.out()).map((t: { name: string }) => t.name)).toEqual([
      'api_status',
      'query_results',
      'draw_chart',
      'get_population',
      'second_get_population',
    ]);
    const clash = harness();
    const clashing = await configFile({
      adapters: [
        { type: 'population', id: 'a' },
        { type: 'population', id: 'b' },
      ],
    });
    await expect(runCli(['tools', '--offline', '--config', clashing], clash.deps)).rejects.toThrow(
      /registered by both "a" and "b"/,
    );
  });
});
