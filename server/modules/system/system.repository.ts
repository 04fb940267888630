import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { helpArticles } from './system.tables';

export class SystemRepository {
  constructor(private readonly db: Database) {}

  helpArticles(brandId: number, language: string, device: string) {
    return this.db
      .select()
      .from(helpArticles)
      .where(
        and(
          eq(helpArticles.brandId, brandId),
          eq(helpArticles.language, language),
          eq(helpArticles.device, device),
        ),
      )
      .orderBy(asc(helpArticles.sortOrder), asc(helpArticles.id));
  }
}
