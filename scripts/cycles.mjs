// `npm run cycles`: fails when modules import each other in a circle, in any app's or package's `src/`. Each project is
// read with its own tsconfig.json, so path aliases (the storefront's `@/…`) resolve as the compiler resolves them.
//
// Every import counts: lazy `import()` ones, and type-only ones too. A type-only import is gone at run time and cannot
// break a module's initialisation, but two modules that name each other's types still cannot be read, moved or tested
// apart; the shared type belongs in a module both can import.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCircular, parseDependencyTree } from 'dpdm';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const projects = ['apps', 'packages'].flatMap((parent) =>
  readdirSync(path.join(root, parent))
    .map((name) => path.join(root, parent, name))
    .filter((project) => existsSync(path.join(project, 'src')) && existsSync(path.join(project, 'tsconfig.json'))),
);

let found = 0;
for (const project of projects) {
  const tree = await parseDependencyTree(['src/**/*.ts', 'src/**/*.tsx'], {
    cwd: project,
    context: project,
    tsconfig: path.join(project, 'tsconfig.json'),
    transform: false,
  });
  const cycles = parseCircular(tree);
  const name = path.relative(root, project);
  if (cycles.length === 0) {
    console.log(`${name}: no import cycles (${Object.keys(tree).length} modules)`);
    continue;
  }
  found += cycles.length;
  console.log(`${name}: ${cycles.length} import cycle${cycles.length === 1 ? '' : 's'}`);
  for (const cycle of cycles) console.log(`  ${[...cycle, cycle[0]].join(' → ')}`);
}
if (found > 0) process.exit(1);
