import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, brands, kycDocuments, ledgerAccounts, members } from '../../server/db/schema';
import { cpfFrom, formatCpf } from '../../src/api/cpf';
import { paths } from '../../src/api/paths';
import {
  body,
  createTestContext,
  databaseKinds,
  fund,
  type Member,
  newMember,
  newOperator,
  solveHumanCheck,
  type TestContext,
} from './harness';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(64, 2)]);
/** Today, as the server reads it in these tests: 15 June 2026, the same day in UTC and in São Paulo. */
const TODAY = new Date('2026-06-15T15:00:00Z');

let cpfSeq = 0;
/** A CPF no other test of this run used (the pid keeps parallel files on PostgreSQL apart). */
const freshCpf = () =>
  cpfFrom(`${String(process.pid % 1000).padStart(3, '0')}${String(++cpfSeq).padStart(6, '0')}`);

describe.each(databaseKinds)('identity (KYC) and the member data on %s', (kind) => {
  let ctx: TestContext;
  let brandId: number;
  let ip = 0;
  const nextIp = () => `10.77.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

  beforeAll(async () => {
    ctx = await createTestContext(kind, { clock: () => TODAY, kycAt: 'withdrawal' });
    const [brand] = await ctx.handle.db.select().from(brands).where(eq(brands.isDefault, true));
    brandId = brand!.id;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const setKycAt = (at: 'registration' | 'withdrawal') =>
    ctx.handle.db.update(brands).set({ kycAt: at }).where(eq(brands.id, brandId));

  async function register(fields: Record<string, string>, username: string) {
    return ctx.call('register', {
      ip: nextIp(),
      body: {
        username,
        password: 'Secret123',
        confirmPassword: 'Secret123',
        acceptTerms: true,
        humanCheck: await solveHumanCheck(ctx.app),
        ...fields,
      } as never,
    });
  }
  const uname = (tag: string) => `k${String(process.pid % 1000).padStart(3, '0')}${tag}`.slice(0, 16);

  async function upload(token: string, kindOf: string, files: Array<[string, Buffer]>) {
    const boundary = '----kyc-boundary';
    const chunks: Buffer[] = [
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kindOf}\r\n`),
    ];
    for (const [name, data] of files) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        data,
        Buffer.from('\r\n'),
      );
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    // Multipart, which ctx.call (JSON only) does not send.
    const res = await ctx.app.inject({
      method: 'POST',
      url: paths.uploadKycDocument.path,
      remoteAddress: nextIp(),
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat(chunks),
    });
    return { status: res.statusCode, ...body<{ status: string; documents: Array<{ id: number }> }>(res) };
  }

  /** A member with the identity given and a bank account under `holder`, funded, with a payment password. */
  async function readyToWithdraw(holder: string, fullName = 'José da Silva') {
    const m = await newMember(ctx);
    const saved = await ctx.call('saveIdentity', {
      token: m.token,
      ip: m.ip,
      body: { fullName, birthday: '1990-01-31', cpf: formatCpf(freshCpf()) },
    });
    expect(saved.code).toBe('OK');
    await fund(ctx, m, 100_000);
    await ctx.call('paymentPassword', {
      token: m.token,
      ip: m.ip,
      body: { password: '123456', loginPassword: m.password },
    });
    const added = await ctx.call('addBankAccount', {
      token: m.token,
      ip: m.ip,
      body: { bankName: 'Banco do Brasil', accountName: holder, accountNumber: '0001 123456' },
    });
    return { ...m, bankAccountId: added.value[0]!.id };
  }

  describe('asked at registration', () => {
    beforeAll(() => setKycAt('registration'));
    afterAll(() => setKycAt('withdrawal'));

    it('adds the full name, birthday and CPF to the form, required, and checks them', async () => {
      const settings = await ctx.call('registerSettings');
      for (const field of ['payeeName', 'birthday', 'cpf'] as const)
        expect(settings.value.fields[field]).toMatchObject({ enabled: true, required: true });
      const missing = await register({}, uname('miss'));
      expect(missing.code).toBe('VALIDATION_FAILED');
      const paths = (missing.value as unknown as { issues: Array<{ path: string }> }).issues.map(
        (i) => i.path,
      );
      expect(paths).toEqual(expect.arrayContaining(['body.payeeName', 'body.birthday', 'body.cpf']));
      const wrong = await register(
        { payeeName: 'Ana Souza', birthday: '1990-05-01', cpf: '529.982.247-26' },
        uname('bad'),
      );
      expect(wrong.code).toBe('VALIDATION_FAILED');
      expect((wrong.value as unknown as { issues: Array<{ path: string }> }).issues).toEqual([
        expect.objectContaining({ path: 'body.cpf' }),
      ]);
    });

    it('takes exactly 18 years today and refuses one day less', async () => {
      const younger = await register(
        { payeeName: 'Ana Souza', birthday: '2008-06-16', cpf: freshCpf() },
        uname('young'),
      );
      expect(younger.code).toBe('VALIDATION_FAILED');
      expect((younger.value as unknown as { issues: Array<{ path: string }> }).issues).toEqual([
        expect.objectContaining({ path: 'body.birthday' }),
      ]);
      const cpf = freshCpf();
      const adult = await register(
        { payeeName: 'Ana  Souza', birthday: '2008-06-15', cpf: formatCpf(cpf) },
        uname('adult'),
      );
      expect(adult.code).toBe('OK');
      const [row] = await ctx.handle.db
        .select()
        .from(members)
        .where(eq(members.username, uname('adult')));
      // Stored normalized: 11 digits, the name's spaces collapsed.
      expect(row).toMatchObject({ cpf, birthday: '2008-06-15', payeeName: 'Ana Souza' });
      const again = await register({ payeeName: 'Ana Souza', birthday: '1980-01-01', cpf }, uname('again'));
      expect(again.code).toBe('CPF_TAKEN');
    });

    it('lets one of 20 registrations sent together with one CPF win; the others get CPF_TAKEN', async () => {
      const cpf = freshCpf();
      const checks = await Promise.all(Array.from({ length: 20 }, () => solveHumanCheck(ctx.app)));
      const answers = await Promise.all(
        checks.map((humanCheck, i) =>
          ctx.call('register', {
            ip: nextIp(),
            body: {
              username: uname(`race${i}`),
              password: 'Secret123',
              confirmPassword: 'Secret123',
              acceptTerms: true,
              humanCheck,
              payeeName: 'Carla Dias',
              birthday: '1991-03-03',
              cpf: i % 2 ? cpf : formatCpf(cpf),
            } as never,
          }),
        ),
      );
      const codes = answers.map((a) => a.code).sort();
      expect(codes.filter((c) => c === 'OK')).toHaveLength(1);
      expect(codes.filter((c) => c === 'CPF_TAKEN')).toHaveLength(19);
      const holders = await ctx.handle.db
        .select({ id: members.id })
        .from(members)
        .where(and(eq(members.brandId, brandId), eq(members.cpf, cpf)));
      expect(holders).toHaveLength(1);
    });
  });

  describe('asked before the first withdrawal', () => {
    it('asks for the identity before a withdrawal, shows the CPF masked, and gives each fact once', async () => {
      const m = await newMember(ctx);
      await fund(ctx, m, 100_000);
      const setup = await ctx.call('withdrawSetup', { token: m.token, ip: m.ip });
      expect(setup.value.identityMissing).toEqual(['fullName', 'birthday', 'cpf']);
      await ctx.call('paymentPassword', {
        token: m.token,
        ip: m.ip,
        body: { password: '123456', loginPassword: m.password },
      });
      const added = await ctx.call('addBankAccount', {
        token: m.token,
        ip: m.ip,
        body: { bankName: 'Itaú', accountName: 'Bruno Lima', accountNumber: '0001 55555' },
      });
      const refused = await ctx.call('requestWithdrawal', {
        token: m.token,
        ip: m.ip,
        body: {
          bankAccountId: added.value[0]!.id,
          amount: 10_000,
          paymentPassword: '123456',
          requestId: 'kyc-first-1',
        },
      });
      expect(refused.code).toBe('IDENTITY_REQUIRED');

      const cpf = freshCpf();
      const young = await ctx.call('saveIdentity', {
        token: m.token,
        ip: m.ip,
        body: { fullName: 'Bruno Lima', birthday: '2008-06-16', cpf },
      });
      expect(young.code).toBe('VALIDATION_FAILED');
      const badCpf = await ctx.call('saveIdentity', {
        token: m.token,
        ip: m.ip,
        body: { fullName: 'Bruno Lima', birthday: '2008-06-15', cpf: '111.111.111-11' },
      });
      expect(badCpf.code).toBe('VALIDATION_FAILED');
      const saved = await ctx.call('saveIdentity', {
        token: m.token,
        ip: m.ip,
        body: { fullName: 'Bruno Lima', birthday: '2008-06-15', cpf },
      });
      expect(saved.value).toMatchObject({
        askedAt: 'withdrawal',
        missing: [],
        status: 'none',
        identity: {
          fullName: 'Bruno Lima',
          birthday: '2008-06-15',
          cpf: `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`,
        },
      });
      expect(JSON.stringify(saved.value)).not.toContain(cpf);
      // Given once: a second answer changes nothing.
      await ctx.call('saveIdentity', {
        token: m.token,
        ip: m.ip,
        body: { fullName: 'Someone Else', cpf: freshCpf() },
      });
      const [row] = await ctx.handle.db.select().from(members).where(eq(members.id, m.id));
      expect(row).toMatchObject({ payeeName: 'Bruno Lima', cpf });

      const paid = await ctx.call('requestWithdrawal', {
        token: m.token,
        ip: m.ip,
        body: {
          bankAccountId: added.value[0]!.id,
          amount: 10_000,
          paymentPassword: '123456',
          requestId: 'kyc-first-2',
        },
      });
      expect(paid.value.status).toBe('pending');
    });

    it('lets one of 20 members sending one CPF at once have it', async () => {
      const crowd: Member[] = [];
      for (let i = 0; i < 20; i++) crowd.push(await newMember(ctx));
      const cpf = freshCpf();
      const answers = await Promise.all(
        crowd.map((m) =>
          ctx.call('saveIdentity', {
            token: m.token,
            ip: m.ip,
            body: { fullName: 'Dora Alves', birthday: '1970-02-02', cpf },
          }),
        ),
      );
      expect(answers.filter((a) => a.code === 'OK')).toHaveLength(1);
      expect(answers.filter((a) => a.code === 'CPF_TAKEN')).toHaveLength(19);
    });
  });

  describe('payee names', () => {
    it('sends a bank account in the member’s name to the queue, whatever its case and accents', async () => {
      const m = await readyToWithdraw('JOSE SILVA');
      const res = await ctx.call('requestWithdrawal', {
        token: m.token,
        ip: m.ip,
        body: {
          bankAccountId: m.bankAccountId,
          amount: 10_000,
          paymentPassword: '123456',
          requestId: 'kyc-payee-ok',
        },
      });
      expect(res.value).toMatchObject({ status: 'pending', review: null });
    });

    it('holds a withdrawal to someone else’s account for review, tells the operator why, and releases it', async () => {
      const m = await readyToWithdraw('Maria Souza');
      const res = await ctx.call('requestWithdrawal', {
        token: m.token,
        ip: m.ip,
        body: {
          bankAccountId: m.bankAccountId,
          amount: 10_000,
          paymentPassword: '123456',
          requestId: 'kyc-payee-x',
        },
      });
      expect(res.value).toMatchObject({ status: 'review', review: 'holder_name' });
      const finance = await newOperator(ctx, 'finance');
      const pending = await ctx.call('operatorWithdrawals', {
        token: finance.token,
        query: { status: 'pending' },
      });
      expect(pending.value.map((w) => w.reference)).not.toContain(res.value.reference);
      const held = await ctx.call('operatorWithdrawals', {
        token: finance.token,
        query: { status: 'review' },
      });
      expect(held.value.find((w) => w.reference === res.value.reference)?.reviewDetail).toEqual({
        reason: 'holder_name',
        holderName: 'Maria Souza',
        fullName: 'José da Silva',
      });
      // Not paid straight from review: released to the queue first.
      const early = await ctx.call('decideWithdrawal', {
        token: finance.token,
        body: { reference: res.value.reference, decision: 'approve', requestId: 'kyc-release-0' },
      });
      expect(early.code).toBe('WITHDRAWAL_STATE');
      const released = await ctx.call('decideWithdrawal', {
        token: finance.token,
        body: { reference: res.value.reference, decision: 'release', requestId: 'kyc-release-1' },
      });
      expect(released.value.status).toBe('pending');
    });
  });

  describe('documents', () => {
    it('takes png, jpg and pdf by their bytes up to 5 MB, and an operator with kyc.review decides them', async () => {
      const m = await newMember(ctx);
      const cpf = freshCpf();
      await ctx.call('saveIdentity', {
        token: m.token,
        ip: m.ip,
        body: { fullName: 'Eva Torres', birthday: '1985-07-07', cpf },
      });
      expect((await upload(m.token, 'id_front', [['a.txt', Buffer.from('hello')]])).code).toBe(
        'KYC_FILE_TYPE',
      );
      expect((await upload(m.token, 'passport', [['a.png', PNG]])).code).toBe('KYC_KIND_INVALID');
      const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
      expect((await upload(m.token, 'id_front', [['big.png', big]])).code).toBe('PAYLOAD_TOO_LARGE');
      const front = await upload(m.token, 'id_front', [['front.png', PNG]]);
      expect(front.value.status).toBe('pending');
      const back = await upload(m.token, 'id_back', [['back.pdf', PDF]]);
      expect(back.value.documents).toHaveLength(2);

      // Support reads members, but neither the documents nor the full CPF.
      const support = await newOperator(ctx, 'support');
      expect((await ctx.call('adminKycDocuments', { token: support.token })).code).toBe('ROLE_FORBIDDEN');
      const seen = await ctx.call('adminKycMember', {
        token: support.token,
        query: { username: m.username },
      });
      expect(seen.value).toMatchObject({ cpfMasked: true, kycStatus: 'pending' });
      expect(seen.value.identity.cpf).toBe(`***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`);

      const risk = await newOperator(ctx, 'risk');
      const queue = await ctx.call('adminKycDocuments', { token: risk.token });
      const mine = queue.value.filter((d) => d.username === m.username);
      expect(mine).toHaveLength(2);
      expect(mine[0]).toMatchObject({
        cpfMasked: false,
        identity: { cpf: formatCpf(cpf), fullName: 'Eva Torres' },
      });
      const file = await ctx.app.inject({
        url: `${paths.adminKycFile.path}?id=${mine[0]!.id}`,
        headers: { authorization: `Bearer ${risk.token}` },
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toContain('image/png');
      expect(file.rawPayload.equals(PNG)).toBe(true);

      const noReason = await ctx.call('decideKycDocument', {
        token: risk.token,
        body: { id: mine[1]!.id, decision: 'reject' },
      });
      expect(noReason.code).toBe('REASON_REQUIRED');
      const rejected = await ctx.call('decideKycDocument', {
        token: risk.token,
        body: { id: mine[1]!.id, decision: 'reject', reason: 'Foto ilegível' },
      });
      expect(rejected.value).toMatchObject({
        status: 'rejected',
        reason: 'Foto ilegível',
        decidedBy: risk.username,
      });
      const approved = await ctx.call('decideKycDocument', {
        token: risk.token,
        body: { id: mine[0]!.id, decision: 'approve' },
      });
      expect(approved.value.status).toBe('approved');
      const twice = await ctx.call('decideKycDocument', {
        token: risk.token,
        body: { id: mine[0]!.id, decision: 'reject', reason: 'x' },
      });
      expect(twice.code).toBe('KYC_DOCUMENT_DECIDED');

      const status = await ctx.call('memberKyc', { token: m.token, ip: m.ip, language: 'pt' });
      expect(status.value.status).toBe('approved');
      expect(status.value.documents.find((d) => d.id === mine[1]!.id)).toMatchObject({
        status: 'rejected',
        reason: 'Foto ilegível',
      });
      const audit = await ctx.handle.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.operatorId, risk.id), eq(auditLog.target, m.username)));
      expect(audit.map((a) => a.action).sort()).toEqual(['kyc_document_approve', 'kyc_document_reject']);
      expect(audit.find((a) => a.action === 'kyc_document_approve')?.detail).toMatchObject({
        before: { status: 'pending' },
        after: { status: 'approved' },
      });
    });

    it('writes no decision when its audit row cannot be written', async () => {
      const m = await newMember(ctx);
      const up = await upload(m.token, 'selfie', [['s.png', PNG]]);
      const id = up.value.documents[0]!.id;
      const risk = await newOperator(ctx, 'risk');
      // An operator id the audit trail refuses (no such operator): the decision rolls back with it.
      await ctx.handle.db.execute(
        `CREATE OR REPLACE FUNCTION kyc_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$` as never,
      );
      await ctx.handle.db.execute(
        'CREATE TRIGGER kyc_test_refuse BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION kyc_test_refuse()' as never,
      );
      try {
        const res = await ctx.call('decideKycDocument', {
          token: risk.token,
          body: { id, decision: 'approve' },
        });
        expect(res.status).toBe(500);
      } finally {
        await ctx.handle.db.execute('DROP TRIGGER kyc_test_refuse ON audit_log' as never);
      }
      const [row] = await ctx.handle.db.select().from(kycDocuments).where(eq(kycDocuments.id, id));
      expect(row?.status).toBe('pending');
    });
  });

  describe('the member’s data (LGPD)', () => {
    it('exports what the site keeps about the member, as JSON', async () => {
      const m = await readyToWithdraw('José da Silva');
      await upload(m.token, 'id_front', [['f.png', PNG]]);
      const res = await ctx.call('memberDataExport', { token: m.token, ip: m.ip });
      expect(res.value.format).toBe('member-data-export/1');
      const sections = res.value.sections as Record<string, unknown>;
      expect(sections.account).toMatchObject({ username: m.username, fullName: 'José da Silva' });
      expect(sections.bankAccounts).toEqual([expect.objectContaining({ accountNumber: '0001 123456' })]);
      expect(sections.identityDocuments).toHaveLength(1);
      expect(sections.balances).toMatchObject({ main: 100_000 });
      expect((sections.logins as unknown[]).length).toBeGreaterThan(0);
    });

    it('erases a member’s personal data once no money is left, keeping what the law asks, audited', async () => {
      const m = await readyToWithdraw('José da Silva');
      await upload(m.token, 'id_front', [['f.png', PNG]]);
      const risk = await newOperator(ctx, 'risk');
      const withMoney = await ctx.call('eraseMember', {
        token: risk.token,
        body: { username: m.username, reason: 'Pedido do titular' },
      });
      expect(withMoney.code).toBe('ERASE_BALANCE_NOT_ZERO');
      const support = await newOperator(ctx, 'support');
      expect(
        (
          await ctx.call('eraseMember', {
            token: support.token,
            body: { username: m.username, reason: 'x y z' },
          })
        ).code,
      ).toBe('ROLE_FORBIDDEN');

      // The member spends nothing: an operator takes the balance back (a correction), then erases.
      // The sum reaches the four-eyes threshold: a second operator approves it.
      const admin = await newOperator(ctx, 'admin');
      const asked = await ctx.call('adjustBalance', {
        token: admin.token,
        body: {
          username: m.username,
          amount: -100_000,
          reason: 'encerramento',
          requestId: `kyc-zero-${m.id}`,
          category: 'correction',
        },
      });
      const approver = await newOperator(ctx, 'finance');
      const approved = await ctx.call('decideMoneyApproval', {
        token: approver.token,
        body: { id: asked.value.approval!.id, decision: 'approve', requestId: `kyc-approve-${m.id}` },
      });
      expect(approved.value.status).toBe('approved');
      const [before] = await ctx.handle.db.select().from(members).where(eq(members.id, m.id));
      const erased = await ctx.call('eraseMember', {
        token: risk.token,
        body: { username: m.username, reason: 'Pedido do titular' },
      });
      expect(erased.code).toBe('OK');
      expect(erased.value).toMatchObject({ username: `erased${m.id}`, status: 'erased' });
      expect(erased.value.erasedAt).not.toBeNull();
      const [after] = await ctx.handle.db.select().from(members).where(eq(members.id, m.id));
      expect(after).toMatchObject({
        username: `erased${m.id}`,
        email: null,
        mobile: null,
        passwordHash: null,
        registerIp: null,
        status: 'erased',
        // Kept: the identity the anti-money-laundering law asks to keep (docs/privacy.md).
        cpf: before!.cpf,
        payeeName: before!.payeeName,
      });
      const [doc] = await ctx.handle.db.select().from(kycDocuments).where(eq(kycDocuments.memberId, m.id));
      expect(doc?.data).toBeNull();
      const login = await ctx.call('login', {
        ip: m.ip,
        body: {
          username: m.username,
          password: m.password,
          humanCheck: await solveHumanCheck(ctx.app),
        } as never,
      });
      expect(login.status).not.toBe(200);
      expect((await ctx.call('memberKyc', { token: m.token, ip: m.ip })).status).toBe(401);
      const [row] = await ctx.handle.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.operatorId, risk.id), eq(auditLog.action, 'member_erase')));
      expect(row?.target).toBe(`member #${m.id}`);
      expect(JSON.stringify(row?.detail)).not.toContain(m.username);
      const again = await ctx.call('eraseMember', {
        token: risk.token,
        body: { username: `erased${m.id}`, reason: 'Pedido do titular' },
      });
      expect(again.code).toBe('MEMBER_ERASED');
      // The ledger keeps its rows: the wallets still name the member's id, with their movements.
      const wallets = await ctx.handle.db
        .select()
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.memberId, m.id));
      expect(wallets.length).toBeGreaterThan(0);
    });
  });
});
