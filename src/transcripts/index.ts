/** The transcript ledger's entry points (DESIGN §13): whole reads, incremental reads, and renderings for a model. */
export { advanceLedger, readKeptLedger } from './advance.js';
export { detectAgent, readAppended, readLedger, type ReadOptions } from './read.js';
export { renderTranscript } from './render.js';
export { emptyLedger, type AgentName, type Ledger } from './ledger.js';
