/**
 * Voice note conversion (run after `npm run build`): node bench/voice.mjs [runs=8]
 *
 * CPU time to turn a 30 s voice note into the 16 kHz mono WAV that is sent for transcription
 * (transcription itself excluded: it is the vendor's time), per container a chat sends: Telegram's
 * Opus in Ogg, WeCom's AMR-NB, a browser's WebM/Opus (no length in the container), WeChat's SILK.
 * The path measured is `toSpeechWav` as the box runs it: ffprobe then ffmpeg, each under prlimit in
 * the bubblewrap sandbox or on the host, or silk-wasm in-process. CPU is this
 * process's plus its reaped children's (`/proc/self/stat` cutime + cstime: prlimit's, ffprobe's,
 * ffmpeg's own; in the sandbox ffmpeg is bwrap's grandchild, whose CPU bwrap never reaps into
 * ours, so those rows show wall time and the host rows the CPU). The baseline, same run, interleaved: one bare `ffmpeg -i note -f s16le` on the host.
 * Goal: < 1 s of CPU per 30 s note.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const RUNS = Number(process.argv[2] ?? 8);
const SECONDS = 30;
const dist = resolve(import.meta.dirname, '../dist');
const { toSpeechWav } = await import(`${dist}/media/voice/convert-voice.js`);
const { probeBwrap } = await import(`${dist}/safety/sandbox/sandbox-probe.js`);
const { encode } = await import('silk-wasm');

const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());
/** CPU ms of this process and of its children that have been waited for. */
function cpuMs() {
  const own = process.cpuUsage();
  const fields = readStat(process.pid);
  return (own.user + own.system) / 1000 + (fields.cutime + fields.cstime) * TICK_MS;
}
function readStat(pid) {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const after = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // Fields from 3 (state) on: cutime is field 16, cstime 17.
  return { cutime: Number(after[13]), cstime: Number(after[14]) };
}

const dir = mkdtempSync(join(tmpdir(), 'aibox-bench-voice-'));
const quiet = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'];
// A voice-like signal: a wobbling tone under noise, so the encoders have something to code.
const source = [
  '-f',
  'lavfi',
  '-i',
  `sine=frequency=180:sample_rate=48000:duration=${SECONDS}`,
  '-f',
  'lavfi',
  '-i',
  `anoisesrc=color=pink:amplitude=0.05:sample_rate=48000:duration=${SECONDS}`,
  '-filter_complex',
  'amix=inputs=2,vibrato=f=5',
];
const made = (name, args) => {
  const path = join(dir, name);
  execFileSync('ffmpeg', [...quiet, ...source, ...args, path]);
  return path;
};
const ogg = made('note.ogg', ['-ac', '1', '-c:a', 'libopus', '-b:a', '24k']);
const webmPath = join(dir, 'note.webm');
writeFileSync(
  webmPath,
  execFileSync('ffmpeg', [...quiet, ...source, '-ac', '1', '-c:a', 'libopus', '-f', 'webm', 'pipe:1'], {
    maxBuffer: 1 << 26,
  }),
);
const amrPath = join(dir, 'note.amr');
{
  const frames = [Buffer.from('#!AMR\n')];
  let seed = 1;
  for (let n = 0; n < SECONDS * 50; n++) {
    const frame = Buffer.alloc(32);
    frame[0] = (7 << 3) | 4;
    for (let i = 1; i < 32; i++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      frame[i] = seed >>> 24;
    }
    frames.push(frame);
  }
  writeFileSync(amrPath, Buffer.concat(frames));
}
const silkPath = join(dir, 'note.silk');
{
  const pcm = execFileSync(
    'ffmpeg',
    [...quiet, ...source, '-ac', '1', '-ar', '24000', '-f', 's16le', 'pipe:1'],
    { maxBuffer: 1 << 26 },
  );
  writeFileSync(silkPath, (await encode(pcm, 24_000)).data);
}

const bwrap = await probeBwrap(false, 'en');
const place =
  bwrap.kind === 'bwrap'
    ? {
        sandbox: {
          bwrap: bwrap.program,
          layout: { skillsDir: '', home: tmpdir(), dataDirs: [], hidden: [] },
        },
      }
    : {};
const notes = {
  'Ogg/Opus (Telegram)': [ogg, 'ogg'],
  'AMR-NB (WeCom)': [amrPath, 'amr'],
  'WebM/Opus (page)': [webmPath, 'webm'],
  'SILK (WeChat, silk-wasm)': [silkPath, 'silk'],
};
const variants = {
  'baseline: bare ffmpeg, Ogg/Opus, host': () => {
    const r = spawnSync(
      'ffmpeg',
      [...quiet, '-i', ogg, '-ac', '1', '-ar', '16000', '-f', 's16le', 'pipe:1'],
      { maxBuffer: 1 << 24 },
    );
    if (r.status !== 0) throw new Error(String(r.stderr));
  },
  ...Object.fromEntries(
    Object.entries(notes).flatMap(([name, [path, format]]) =>
      [
        [format === 'silk' ? `${name}, in-process` : `${name}, host`, {}],
        ...(place.sandbox && format !== 'silk' ? [[`${name}, sandbox`, place]] : []),
      ].map(([label, where]) => [
        label,
        async () => {
          const audio = await toSpeechWav(path, format, { maxSeconds: 120, place: where });
          if (Math.abs(audio.seconds - SECONDS) > 0.5) throw new Error(`${label}: ${audio.seconds} s`);
        },
      ]),
    ),
  ),
};
const names = Object.keys(variants);
const cpu = Object.fromEntries(names.map((n) => [n, []]));
const wall = Object.fromEntries(names.map((n) => [n, []]));
for (let i = 0; i < RUNS + 1; i++)
  for (let j = 0; j < names.length; j++) {
    const name = names[(i + j) % names.length];
    const c0 = cpuMs();
    const t0 = performance.now();
    await variants[name]();
    const t1 = performance.now();
    const c1 = cpuMs();
    if (i === 0) continue; // warm-up: silk-wasm's first load, the page cache
    wall[name].push(t1 - t0);
    cpu[name].push(c1 - c0);
  }
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const base = mean(cpu[names[0]]);
console.log(
  `${SECONDS} s voice note to 16 kHz mono WAV, ${RUNS} runs each, ${place.sandbox ? `sandboxed (${bwrap.version})` : 'on the host (no bwrap)'}; CPU mean (this process + children, ${TICK_MS} ms ticks), wall median:`,
);
for (const name of names) {
  const c = mean(cpu[name]);
  const seen = !name.endsWith(', sandbox');
  const cpuText = seen
    ? `CPU ${c.toFixed(0).padStart(4)} ms  ×${(c / base).toFixed(2)} baseline`
    : 'CPU (ffmpeg not reaped into ours)';
  console.log(`  ${name.padEnd(44)} wall ${median(wall[name]).toFixed(0).padStart(4)} ms  ${cpuText}`);
}
// In the sandbox ffmpeg is bwrap's grandchild and bwrap does not wait for it, so its CPU never
// reaches our cutime: only the host rows count the conversion's whole CPU.
const worst = Math.max(
  ...names
    .slice(1)
    .filter((n) => !n.endsWith(', sandbox'))
    .map((n) => mean(cpu[n])),
);
console.log(
  `goal < 1000 ms CPU per 30 s note: ${worst < 1000 ? 'met' : 'MISSED'} (worst ${worst.toFixed(0)} ms)`,
);
rmSync(dir, { recursive: true, force: true });
