import { canAccess, type RouteName } from '@aerie/contract';
import { Stack, Tabs, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { routePath, routesByName } from '../../../lib/route-paths';
import { useMe } from '../../users';
import { toolsMessages } from '../messages';

/** The Tools page's tabs in the spec's order, with their route names (spec 001 §2 Tools). */
export type ToolRoute = Extract<RouteName, 'optionsFileValidator' | 'diagnosticsUpload'>;
const tools: readonly ToolRoute[] = ['optionsFileValidator', 'diagnosticsUpload'];

export interface ToolsFrameProps {
  tool: ToolRoute;
  children: ReactNode;
}

/** 'Tools' with the tabs the role may open; each tab is a route of its own. */
export function ToolsFrame({ tool, children }: ToolsFrameProps) {
  const { data: me } = useMe({ enabled: false });
  const navigate = useNavigate();
  const tabs = tools.filter((name) => {
    const definition = routesByName.get(name);
    return me && definition ? canAccess(definition.access, me.role) : name === tool;
  });
  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        {toolsMessages.title}
      </Title>
      <Tabs
        id="tools"
        value={tool}
        onChange={(value) => {
          const next = tabs.find((name) => name === value);
          if (next) void navigate({ to: routePath(next) });
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label={toolsMessages.tabsLabel}>
          {tabs.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {toolsMessages.tabs[name]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {/* The tab's panel (Mantine names it from the Tabs id and the value). */}
      <div role="tabpanel" id={`tools-panel-${tool}`} aria-labelledby={`tools-tab-${tool}`}>
        {children}
      </div>
    </Stack>
  );
}
