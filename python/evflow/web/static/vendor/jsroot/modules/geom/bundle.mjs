// Only build function to create three.js model

export { version, parse, settings, httpRequest } from '../core.mjs';
export { openFile } from '../io.mjs';
export { build, produceRenderOrder } from './TGeoPainter.mjs';
