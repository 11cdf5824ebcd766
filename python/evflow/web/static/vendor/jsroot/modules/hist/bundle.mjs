// Plain histogram drawing without support of generic draw function

export { version, parse } from '../core.mjs';
export { cleanup } from '../base/ObjectPainter.mjs';
export { TH1Painter } from './TH1Painter.mjs';
export { TH2Painter } from './TH2Painter.mjs';
export { TH3Painter } from './TH3Painter.mjs';
export { THStackPainter } from './THStackPainter.mjs';
