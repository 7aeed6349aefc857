// autocannon ships no types; http.bench.ts declares the little it uses.
declare module 'autocannon';
