import { MentionSuggestionsQueryDto, ParseMentionsDto } from '@app/contracts/http/mention-suggestions.dto';
import type { GetMentionSuggestionsResponse, ParseMentionsResponse } from '@app/contracts/http/mention-suggestions.types';
import { GetMentionSuggestionsResponseSchema, ParseMentionsResponseSchema } from '@app/contracts/http/openapi/mention.schema';
import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Auth, type AuthContext } from '../auth/auth-context';
import { ApiSuccess } from '../common/openapi/api-operation.decorators';
import { ParseMentionsQuery } from './queries/parse-mentions.query';
import { SuggestMentionsQuery } from './queries/suggest-mentions.query';

const BOTH = (suffix: string): string[] => [`api/v1/w/:wId/assistant/${suffix}`, `api/w/:wId/assistant/${suffix}`];

/** Mentions: what to suggest after `@`, and `@name` text turned into mentions, on both path families. */
@Controller()
export class MentionsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(BOTH('mentions/suggestions'))
  @ApiSuccess('Suggest agents and members to mention: favourites and recently used first, then names starting with the query', GetMentionSuggestionsResponseSchema)
  suggest(@Auth() auth: AuthContext, @Query() query: MentionSuggestionsQueryDto): Promise<GetMentionSuggestionsResponse> {
    return this.queryBus.execute(new SuggestMentionsQuery(auth, query.query, query.select, query.current, null));
  }

  @Get(BOTH('conversations/:cId/mentions/suggestions'))
  @ApiSuccess("Suggest mentions for a conversation, each with the status a message posted now would record (the conversation's access rules)", GetMentionSuggestionsResponseSchema)
  suggestInConversation(
    @Auth() auth: AuthContext,
    @Param('cId') conversationId: string,
    @Query() query: MentionSuggestionsQueryDto,
  ): Promise<GetMentionSuggestionsResponse> {
    return this.queryBus.execute(new SuggestMentionsQuery(auth, query.query, query.select, query.current, conversationId));
  }

  @Post(BOTH('mentions/parse'))
  @HttpCode(200)
  @ApiSuccess('Turn each @name of an agent in a text into a mention (:mention[name]{sId=…})', ParseMentionsResponseSchema)
  parse(@Auth() auth: AuthContext, @Body() body: ParseMentionsDto): Promise<ParseMentionsResponse> {
    return this.queryBus.execute(new ParseMentionsQuery(auth, body.markdown));
  }
}
