import type pg from 'pg';
import { HIGHLIGHT_END, HIGHLIGHT_START, type DocumentContainer } from '@aerie/contract';
import type { documents } from '../../db/schema.js';
import { containsPattern } from '../../db/text-match.js';
import { inTransaction, type Queryable } from '../../db/transaction.js';

type DocumentColumns = typeof documents.$inferSelect;

/** A document as the listing and the downloads read it (no text, no vector). */
export type DocumentRow = Pick<
  DocumentColumns,
  | 'id'
  | 'container'
  | 'path'
  | 'fileName'
  | 'title'
  | 'description'
  | 'tags'
  | 'contentType'
  | 'fileSize'
  | 'fileHash'
  | 'modifiedOn'
>;

/** A document to write: its row and the text extracted from it. */
export type NewDocument = Omit<DocumentRow, 'id'> & Pick<DocumentColumns, 'content' | 'uploadedBy'>;

/** One hit of the document search with its highlights (fragments and tags, marked). */
export type DocumentHitRow = DocumentRow & {
  contentHighlight: string | null;
  tagsHighlight: string | null;
};

/** The autocomplete's document group: the path, title and name of each hit. */
export type DocumentSuggestionRow = Pick<DocumentRow, 'path' | 'title' | 'fileName'>;

// Sizes are bigint, which `pg` answers as strings: the SQL casts them (exact up to 2^53).
const COLUMNS = `d.id, d.container, d.path, d.file_name as "fileName", d.title, d.description,
  d.tags, d.content_type as "contentType", d.file_size::float8 as "fileSize",
  d.file_hash as "fileHash", d.modified_on as "modifiedOn"`;

/**
 * The weighted text of a row (decision 040): title and the file name's words (A), tags (B),
 * description (C), the extracted text (D). `$n` placeholders are the row's values.
 */
const VECTOR = (
  title: string,
  fileName: string,
  tags: string,
  description: string,
  content: string,
) =>
  `setweight(to_tsvector('english', ${title} || ' ' || regexp_replace(${fileName}, '[-_.]+', ' ', 'g')), 'A')
   || setweight(to_tsvector('english', array_to_string(${tags}::text[], ' ')), 'B')
   || setweight(to_tsvector('english', coalesce(${description}, '')), 'C')
   || setweight(to_tsvector('english', ${content}), 'D')`;

// ts_headline's options: the matches between the contract's marks, up to 3 fragments of about
// 12 to 30 words, split by a third private-use character.
const FRAGMENT_DELIMITER = '\ue002';
const CONTENT_HEADLINE = `MaxFragments=3, MinWords=12, MaxWords=30, StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_END}, FragmentDelimiter=${FRAGMENT_DELIMITER}`;
const TAGS_HEADLINE = `HighlightAll=true, StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_END}`;

/** Splits a content headline into its fragments. */
export function headlineFragments(headline: string | null): string[] {
  if (!headline) return [];
  return headline
    .split(FRAGMENT_DELIMITER)
    .map((f) => f.trim())
    .filter((f) => f.includes(HIGHLIGHT_START));
}

/** The search's candidates, each once per file name (the best-ranked path), best first. */
function rankedHits(match: string, limit: string): string {
  return `with q as (select ${match} as query),
    hits as (
      select d.*, q.query,
             ts_rank_cd(d.search_vector, q.query)
             + case when d.file_name ilike $2 or d.title ilike $2 then 1 else 0 end as rank
        from documents d, q
       where d.search_vector @@ q.query or d.file_name ilike $2 or d.title ilike $2
    ),
    named as (
      select distinct on (lower(file_name)) * from hits
       order by lower(file_name), rank desc, modified_on desc, path
    ),
    best as (select * from named d order by rank desc, modified_on desc, path limit ${limit})`;
}

/** SQL of the documents table. The library is every signed-in user's: reads take no scope. */
export function createResourcesRepository(pool: pg.Pool) {
  return {
    transaction: <T>(work: (db: pg.PoolClient) => Promise<T>) => inTransaction(pool, work),

    /** Whether the library has any file (the demo seeds an empty one). */
    async isEmpty(): Promise<boolean> {
      const r = await pool.query('select 1 from documents limit 1');
      return r.rowCount === 0;
    },

    /**
     * One page of a container's files by path, under the folder `prefix` (a folder path with
     * its trailing slash) when given, after the path `after`.
     */
    async list(
      container: DocumentContainer,
      prefix: string | null,
      after: string | null,
      take: number,
    ): Promise<DocumentRow[]> {
      const params: unknown[] = [container, take];
      let where = 'd.container = $1';
      if (prefix !== null) {
        params.push(`${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        where += ` and d.path like $${params.length}`;
      }
      if (after !== null) {
        params.push(after);
        where += ` and d.path > $${params.length}`;
      }
      const r = await pool.query<DocumentRow>(
        `select ${COLUMNS} from documents d where ${where} order by d.path limit $2`,
        params,
      );
      return r.rows;
    },

    async byPath(path: string): Promise<DocumentRow | null> {
      const r = await pool.query<DocumentRow>(
        `select ${COLUMNS} from documents d where d.path = $1`,
        [path],
      );
      return r.rows[0] ?? null;
    },

    async byId(id: string): Promise<DocumentRow | null> {
      const r = await pool.query<DocumentRow>(
        `select ${COLUMNS} from documents d where d.id = $1`,
        [id],
      );
      return r.rows[0] ?? null;
    },

    /**
     * Writes a document's row (a path already held is replaced, keeping its id) with its
     * weighted text; answers the row and whether it replaced one.
     */
    async upsert(
      db: Queryable,
      doc: NewDocument,
    ): Promise<{ row: DocumentRow; replaced: boolean }> {
      const r = await db.query<DocumentRow & { replaced: boolean }>(
        `insert into documents as d (container, path, file_name, title, description, tags,
                content_type, file_size, file_hash, modified_on, content, uploaded_by, search_vector)
         values ($1, $2, $3, $4, $5, $6::text[], $7, $8, $9, $10, $11, $12,
                 ${VECTOR('$4', '$3', '$6', '$5', '$11')})
         on conflict (container, path) do update set
           file_name = excluded.file_name, title = excluded.title,
           description = excluded.description, tags = excluded.tags,
           content_type = excluded.content_type, file_size = excluded.file_size,
           file_hash = excluded.file_hash, modified_on = excluded.modified_on,
           content = excluded.content, uploaded_by = excluded.uploaded_by,
           search_vector = excluded.search_vector, updated_at = now()
         returning ${COLUMNS}, (xmax <> 0) as replaced`,
        [
          doc.container,
          doc.path,
          doc.fileName,
          doc.title,
          doc.description,
          doc.tags,
          doc.contentType,
          doc.fileSize,
          doc.fileHash,
          doc.modifiedOn,
          doc.content,
          doc.uploadedBy,
        ],
      );
      const { replaced, ...row } = r.rows[0]!;
      return { row, replaced };
    },

    /** Removes a document's row; answers it, or null when the path had none. */
    async remove(db: Queryable, path: string): Promise<DocumentRow | null> {
      const r = await db.query<DocumentRow>(
        `delete from documents d where d.path = $1 returning ${COLUMNS}`,
        [path],
      );
      return r.rows[0] ?? null;
    },

    /**
     * The top bar's document group: the words of `prefixQuery` (to_tsquery syntax, each a
     * prefix) or any part of the file name or title; one per file name, best first.
     */
    async suggest(
      prefixQuery: string,
      term: string,
      take: number,
    ): Promise<DocumentSuggestionRow[]> {
      const r = await pool.query<DocumentSuggestionRow>(
        `${rankedHits(`to_tsquery('english', $1)`, '$3')}
         select path, title, file_name as "fileName" from best order by rank desc, modified_on desc, path`,
        [prefixQuery, containsPattern(term), take],
      );
      return r.rows;
    },

    /**
     * The document search (web search syntax): one per file name, best first, at most `max`,
     * with up to 3 marked fragments of the text and the matching tags marked.
     */
    async search(term: string, max: number): Promise<DocumentHitRow[]> {
      const r = await pool.query<DocumentHitRow>(
        `${rankedHits(`websearch_to_tsquery('english', $1)`, '$3')}
         select ${COLUMNS},
                case when d.content <> ''
                     then ts_headline('english', d.content, d.query, $4) end as "contentHighlight",
                case when to_tsvector('english', array_to_string(d.tags, ', ')) @@ d.query
                     then ts_headline('english', array_to_string(d.tags, ', '), d.query, $5)
                end as "tagsHighlight"
           from best d
          order by d.rank desc, d.modified_on desc, d.path`,
        [term, containsPattern(term), max, CONTENT_HEADLINE, TAGS_HEADLINE],
      );
      return r.rows;
    },
  };
}
export type ResourcesRepository = ReturnType<typeof createResourcesRepository>;
