// The first module of every deployed function's bundle (scripts/build-functions.ts): from here on, a stack printed
// in the function's log names the source files (src/server/source-mapped-stacks.ts), the bundle's own code included.
import { installSourceMappedStacks } from './source-mapped-stacks.ts';

installSourceMappedStacks();
