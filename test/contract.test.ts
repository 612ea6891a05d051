/**
 * The typed contract of every game: the spec's observation schema, action grammar and outcome list hold
 * for real play (in process, over many seeds), and real HTTP answers (init, accepted, refused by the
 * grammar, refused by the rules) match the answer schemas exactly.
 */
import { registry } from '../src/games/index.js';
import { contractSuite } from './helpers/contract.js';

contractSuite(registry);
