/**
 * The Enable Banking emulator of the benchmark in a process of its own, as Enable Banking's API is another
 * machine for a real engine: its work (signature checks, pages) does not share the engine's event loop.
 * Started by bench/scenarios/enablebanking.ts with the emulator options and the application as JSON in
 * argv[2]; prints `{"url":…}` once listening, then answers each line of stdin: `requests` → `{"requests":n}`
 * (calls received so far), `close` → stops.
 */
import { createInterface } from 'node:readline';
import { EnableBankingEmulator, type EmulatorOptions, type EmuApp } from '../../test/emulators/enablebanking/server';

const input = JSON.parse(process.argv[2] ?? '{}') as { options: EmulatorOptions; app: EmuApp };
const emu = new EnableBankingEmulator(input.options);
emu.registerApp(input.app);
const url = await emu.start();
process.stdout.write(`${JSON.stringify({ url })}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'requests') process.stdout.write(`${JSON.stringify({ requests: emu.log.length })}\n`);
  if (line === 'close') break;
}
await emu.close();
process.exit(0);
