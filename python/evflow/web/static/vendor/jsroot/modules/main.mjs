// top module, export all major functions from JSROOT
// Used by default in node.js

export * from './core.mjs';

export { select as d3_select } from './d3.mjs';

export * from './base/BasePainter.mjs';

export * from './base/ObjectPainter.mjs';

export { getColor, extendRootColors, createRootColors, setColorPalette, getColorPalette } from './base/colors.mjs';

export { THREE } from './base/base3d.mjs';

export { loadMathjax } from './base/latex.mjs';

export * from './hist/TH1Painter.mjs';

export * from './hist/TH2Painter.mjs';

export * from './hist/TH3Painter.mjs';

export * from './hist/TGraphPainter.mjs';

export * from './draw/RTreeMapPainter.mjs';

export { geoCfg } from './geom/geobase.mjs';

export { createGeoPainter, TGeoPainter } from './geom/TGeoPainter.mjs';

export { loadOpenui5, registerForResize, setSaveFile, addMoveHandler } from './gui/utils.mjs';

export { draw, redraw, cleanup, build3d, makeSVG, makeImage, addDrawFunc, setDefaultDrawOpt } from './draw.mjs';

export * from './gpad/TCanvasPainter.mjs';

export { openFile, FileProxy, addUserStreamer, unzipJSON } from './io.mjs';

export * from './gui/display.mjs';

export * from './gui/menu.mjs';

export { HierarchyPainter } from './gui/HierarchyPainter.mjs';

export { readStyleFromURL, buildGUI } from './gui.mjs';

export { TSelector, treeDraw, treeProcess } from './tree.mjs';
