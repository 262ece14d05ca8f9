/**
 * The tools feature's public surface (CONVENTIONS §2): the Tools page's frame for its tabs, and
 * the drop zone the other tabs (Diagnostics Upload) take files with.
 */
export { ToolsFrame, type ToolRoute } from './components/tools-frame';
export { FileDropZone, type FileDropZoneProps } from './components/file-drop-zone';
export { toolsMessages } from './messages';
