// Child process of tick-object-shape.test.ts (run with --allow-natives-syntax --expose-gc): optionally loads the
// module that keeps a nextTick entry, then schedules ticks between full collections and prints V8's feedback for
// process.nextTick (its DebugPrint lists each call site's state).
if (process.argv[2] === 'keep') await import('../../src/runtime/tick-object-shape.ts');
const noop = () => {};
for (let round = 0; round < 40; round++) {
  for (let i = 0; i < 2000; i++) process.nextTick(noop, i);
  await new Promise((resolve) => setImmediate(resolve));
  globalThis.gc();
}
// Natives syntax inside a Function body: V8 parses it at run time, the TypeScript loader never sees it.
new Function('f', '%DebugPrint(f)')(process.nextTick);
