import { Controller, Get, Param, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Response as ExpressResponse } from 'express';
import { Auth, type AuthContext } from '../auth/auth-context';
import { ApiRawText } from '../common/openapi/api-operation.decorators';
import { GetContentFragmentTextQuery, type ContentFragmentText } from './queries/get-content-fragment-text.query';

/** The raw text of a fragment, where the real service points its `textUrl`; served on the private family only. */
const RAW_CONTENT_FRAGMENT = 'api/w/:wId/assistant/conversations/:cId/messages/:mId/raw_content_fragment';

const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;

/** The raw text of content fragments. */
@Controller()
export class ContentFragmentTextController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(RAW_CONTENT_FRAGMENT)
  @ApiRawText(
    'Read the raw text of a content fragment',
    "The text as it was posted (the processed text of its file for fragments stored as files), served as UTF-8 under the fragment's `contentType` (`text/plain` when that is not a media type).",
  )
  async text(@Auth() auth: AuthContext, @Param('cId') conversationId: string, @Param('mId') messageId: string, @Res() response: ExpressResponse): Promise<void> {
    const fragment: ContentFragmentText = await this.queryBus.execute(new GetContentFragmentTextQuery(auth, conversationId, messageId));
    response.status(200);
    response.setHeader('Content-Type', `${mediaTypeOf(fragment.contentType)}; charset=utf-8`);
    // The type is the sender's word: a fragment declared text/html must not run as a page of this origin.
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    response.end(fragment.text);
  }
}

/** The media type a fragment declared, without its parameters (the text is always UTF-8), or `text/plain`. */
export function mediaTypeOf(contentType: string): string {
  const type = contentType.split(';')[0].trim().toLowerCase();
  return MEDIA_TYPE.test(type) ? type : 'text/plain';
}
