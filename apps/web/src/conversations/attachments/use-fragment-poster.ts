import type { ContentFragment } from '@app/contracts/http/conversation.types';
import { useCallback, useRef } from 'react';
import { useApi } from '../../api';
import type { AttachedFile } from './attachment-list';

/**
 * Posts a message's files to the conversation as content fragments, in order, before the message.
 * A file posted once is not posted again when the message itself failed and is sent again.
 * Answers the fragments posted now.
 */
export function useFragmentPoster(wId: string, cId: string): (files: readonly AttachedFile[]) => Promise<ContentFragment[]> {
  const { conversations } = useApi();
  const posted = useRef(new Set<string>());
  return useCallback(
    async (files) => {
      const fragments: ContentFragment[] = [];
      for (const file of files) {
        if (posted.current.has(file.fileId)) continue;
        const { contentFragment } = await conversations.postContentFragment(wId, cId, { title: file.title, fileId: file.fileId });
        posted.current.add(file.fileId);
        fragments.push(contentFragment);
      }
      return fragments;
    },
    [conversations, wId, cId],
  );
}
