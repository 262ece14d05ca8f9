/** The tools feature's public surface (CONVENTIONS §2): the Tools page's frame for its tabs. */
export { ToolsFrame, type ToolRoute } from './components/tools-frame';
export { toolsMessages } from './messages';
