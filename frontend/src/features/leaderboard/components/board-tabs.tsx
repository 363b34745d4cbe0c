import { CalendarDays, Clock, LayoutGrid, Star } from 'lucide-react';
import type { ReactNode } from 'react';

import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

import type { BoardSelection, BoardSort, BoardTab } from '../leaderboard-search';

interface BoardTabsProps {
  selection: BoardSelection;
  onChange: (selection: BoardSelection) => void;
  /** Shown beside the board tabs (the search box). */
  toolbar?: ReactNode;
  /** The board for the current selection. */
  children: ReactNode;
}

/**
 * Spec §2: All Posts or This Week, and on All Posts the order, Recent or Top Rated. Both are
 * tab lists (arrow keys move between tabs, the choice is kept in the address).
 */
export function BoardTabs({ selection, onChange, toolbar, children }: BoardTabsProps) {
  return (
    <Tabs
      value={selection.tab}
      onValueChange={(tab) => onChange({ ...selection, tab: tab as BoardTab })}
      activationMode="manual"
      className="flex flex-col gap-4"
    >
      <div className="flex flex-col-reverse gap-4 sm:flex-row sm:items-center sm:justify-between">
        <TabsList aria-label="Board" className="self-start">
          <TabsTrigger value="all">
            <LayoutGrid aria-hidden="true" />
            All Posts
          </TabsTrigger>
          <TabsTrigger value="week">
            <CalendarDays aria-hidden="true" />
            This Week
          </TabsTrigger>
        </TabsList>
        {toolbar}
      </div>

      <TabsContent value="all">
        <Tabs
          value={selection.sort}
          onValueChange={(sort) => onChange({ ...selection, sort: sort as BoardSort })}
          activationMode="manual"
          className="flex flex-col gap-4"
        >
          <TabsList aria-label="Sort posts" className="self-start">
            <TabsTrigger value="recent">
              <Clock aria-hidden="true" />
              Recent
            </TabsTrigger>
            <TabsTrigger value="top">
              <Star aria-hidden="true" />
              Top Rated
            </TabsTrigger>
          </TabsList>
          <TabsContent value={selection.sort}>
            {selection.tab === 'all' ? children : null}
          </TabsContent>
        </Tabs>
      </TabsContent>

      <TabsContent value="week" className="flex flex-col gap-4">
        <p className="text-sm text-muted-foreground">
          This week’s posts, ranked by rating. The board resets every Monday (00:00 UTC).
        </p>
        {selection.tab === 'week' ? children : null}
      </TabsContent>
    </Tabs>
  );
}
