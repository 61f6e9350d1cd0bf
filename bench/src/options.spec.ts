import { describe, expect, it } from '@jest/globals';
import { apiUrl, isLoopback, parseBenchOptions } from './options.js';

describe('parseBenchOptions', () => {
  it('defaults to the gateway on loopback, 10 s and 20 connections', () => {
    const options = parseBenchOptions([], {});
    expect(options.baseUrl.origin).toBe('http://127.0.0.1:3000');
    expect(options.edgeUrl.origin).toBe('http://127.0.0.1:8080');
    expect(options).toMatchObject({ durationSeconds: 10, connections: 20, content: false });
  });

  it('measures the practice list with --practice or BENCH_PRACTICE=1', () => {
    expect(parseBenchOptions([], {}).practice).toBe(false);
    expect(parseBenchOptions(['--practice'], {}).practice).toBe(true);
    expect(parseBenchOptions([], { BENCH_PRACTICE: '1' }).practice).toBe(true);
  });

  it('measures the SQL attempts with --attempts or BENCH_ATTEMPTS=1', () => {
    expect(parseBenchOptions([], {}).attempts).toBe(false);
    expect(parseBenchOptions(['--attempts'], {}).attempts).toBe(true);
    expect(parseBenchOptions([], { BENCH_ATTEMPTS: 'yes' }).attempts).toBe(true);
  });

  it('grades the attempts on SQLite unless --engine postgres or BENCH_ENGINE=postgres says PostgreSQL', () => {
    expect(parseBenchOptions(['--attempts'], {}).engine).toBe('sqlite');
    expect(parseBenchOptions(['--attempts', '--engine', 'postgres'], {}).engine).toBe('postgres');
    expect(parseBenchOptions([], { BENCH_ENGINE: 'postgres' }).engine).toBe('postgres');
    expect(() => parseBenchOptions(['--engine', 'oracle'], {})).toThrow(/must be sqlite or postgres/);
  });

  it('measures the Q&A at 100,000 questions with --qna or BENCH_QNA=1', () => {
    expect(parseBenchOptions([], {}).qna).toBe(false);
    expect(parseBenchOptions(['--qna'], {}).qna).toBe(true);
    expect(parseBenchOptions([], { BENCH_QNA: 'on' }).qna).toBe(true);
  });

  it('times the runnable blocks in Chromium with --browser or BENCH_BROWSER=1', () => {
    expect(parseBenchOptions([], {}).browser).toBe(false);
    expect(parseBenchOptions(['--browser'], {}).browser).toBe(true);
    expect(parseBenchOptions([], { BENCH_BROWSER: '1' }).browser).toBe(true);
  });

  it('measures the SQL4U peer beside the platform with --peer or BENCH_PEER=1', () => {
    expect(parseBenchOptions([], {}).peer).toBe(false);
    expect(parseBenchOptions(['--peer'], {}).peer).toBe(true);
    expect(parseBenchOptions([], { BENCH_PEER: 'true' }).peer).toBe(true);
    expect(parseBenchOptions([], { BENCH_PEER: '0' }).peer).toBe(false);
    expect(() => parseBenchOptions(['--peer=yes'], {})).toThrow(/--peer/);
  });

  it('measures GET /api/search with --search or BENCH_SEARCH=1', () => {
    expect(parseBenchOptions(['--search'], {}).search).toBe(true);
    expect(parseBenchOptions([], { BENCH_SEARCH: '1' }).search).toBe(true);
    expect(parseBenchOptions([], {}).search).toBe(false);
  });

  it('measures the content lists with --content or BENCH_CONTENT=1', () => {
    expect(parseBenchOptions(['--content'], {}).content).toBe(true);
    expect(parseBenchOptions([], { BENCH_CONTENT: '1' }).content).toBe(true);
    expect(parseBenchOptions([], { BENCH_CONTENT: '0' }).content).toBe(false);
  });

  it('takes flags over BENCH_* variables', () => {
    const env = { BENCH_URL: 'http://localhost:8080', BENCH_DURATION: '5', BENCH_CONNECTIONS: '50' };
    expect(parseBenchOptions([], env)).toMatchObject({ durationSeconds: 5, connections: 50 });
    expect(parseBenchOptions([], env).baseUrl.origin).toBe('http://localhost:8080');
    const flagged = parseBenchOptions(['--url', 'http://[::1]:3000', '--duration', '3', '--connections', '8'], env);
    expect(flagged).toMatchObject({ durationSeconds: 3, connections: 8 });
    expect(flagged.baseUrl.origin).toBe('http://[::1]:3000');
    expect(parseBenchOptions(['--edge', 'http://127.0.0.1:21080'], { BENCH_EDGE_URL: 'http://127.0.0.1:9' }).edgeUrl.port).toBe('21080');
  });

  it('only ever targets this machine', () => {
    expect(() => parseBenchOptions([], { BENCH_URL: 'http://example.com:3000' })).toThrow(/must point at this machine/);
    expect(() => parseBenchOptions([], { BENCH_URL: 'http://10.0.0.5:3000' })).toThrow(/must point at this machine/);
    expect(() => parseBenchOptions([], { BENCH_URL: 'https://127.0.0.1:3000' })).toThrow(/must be http/);
    expect(() => parseBenchOptions([], { BENCH_URL: 'not a url' })).toThrow(/is not a URL/);
    expect(() => parseBenchOptions(['--edge', 'http://example.com:8080'], {})).toThrow(/BENCH_EDGE_URL must point at this machine/);
    expect(['127.0.0.1', '127.1.2.3', 'localhost', '[::1]'].every(isLoopback)).toBe(true);
    expect(['128.0.0.1', '127.0.0.1.evil.com', '0.0.0.0'].some(isLoopback)).toBe(false);
  });

  it('keeps the run bounded', () => {
    expect(() => parseBenchOptions(['--duration', '0'], {})).toThrow('--duration / BENCH_DURATION must be a whole number from 1 to 300, not "0".');
    expect(() => parseBenchOptions(['--duration', '3600'], {})).toThrow(/1 to 300/);
    expect(() => parseBenchOptions(['--connections', '2.5'], {})).toThrow(/1 to 1000/);
    expect(() => parseBenchOptions(['--warmup'], {})).toThrow(/Unknown option/);
  });

  it('builds /api URLs from the origin alone', () => {
    expect(apiUrl(parseBenchOptions([], { BENCH_URL: 'http://127.0.0.1:8080/some/page' }).baseUrl, '/users/me')).toBe('http://127.0.0.1:8080/api/users/me');
  });
});
