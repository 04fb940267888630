import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../client';
import { brands, contentPages, seedRuns } from '../schema';

/**
 * The demo brand's help centre and legal pages (/help#<code>), in both languages. They describe this demo
 * as it is: play money, public demo accounts, no licence, no company behind it, and only what the site
 * really does. An operator edits them in the back office (Content → Pages); an installation for real
 * players replaces them with its own (its company, its licence, its complaint channels).
 */
type Page = {
  code: string;
  kind: 'help' | 'legal';
  title: { pt: string; en: string };
  body: { pt: string; en: string };
};

export const demoPages: Page[] = [
  {
    code: 'about',
    kind: 'help',
    title: { pt: 'Sobre este site', en: 'About this site' },
    body: {
      pt: `<p>A Aurora Bet é uma <strong>demonstração</strong> de um site de jogos e apostas online. Todo o dinheiro aqui é fictício (FUN): você deposita, joga e saca seguindo os mesmos passos de um site real, mas o saldo não vale nada fora daqui, não pode ser trocado por dinheiro e nenhum prêmio tem valor.</p>
<p>As contas de demonstração e suas senhas são públicas: qualquer pessoa pode entrar nelas. Não use nessas contas, nem em uma conta sua, dados verdadeiros como seu CPF, seus documentos ou sua conta bancária.</p>
<p>A demonstração pode ser reiniciada a qualquer momento; contas, saldos e apostas são apagados quando isso acontece.</p>
<h3>Como falar conosco</h3>
<p>Use os canais de atendimento listados no <a href="#contact">fim desta página</a>. Não há chat ao vivo.</p>`,
      en: `<p>Aurora Bet is a <strong>demonstration</strong> of an online gaming and betting site. All money here is play money (FUN): you deposit, play and withdraw through the same steps as on a real site, but the balance is worth nothing outside it, cannot be exchanged for money, and no prize has any value.</p>
<p>The demo accounts and their passwords are public: anyone can sign in to them. Do not put real data such as a tax number, identity documents or a bank account in them, nor in an account of your own.</p>
<p>The demo may be reset at any time; accounts, balances and bets are deleted when that happens.</p>
<h3>How to reach us</h3>
<p>Use the support channels listed at the <a href="#contact">end of this page</a>. There is no live chat.</p>`,
    },
  },
  {
    code: 'account',
    kind: 'help',
    title: { pt: 'Conta e segurança', en: 'Account and security' },
    body: {
      pt: `<h3>Cadastro</h3>
<p>Só maiores de 18 anos podem se cadastrar. Cada pessoa pode ter uma única conta; o CPF, quando informado, fica ligado a uma só conta.</p>
<h3>Senha e verificação em duas etapas</h3>
<p>Escolha uma senha que você não usa em outro lugar. Em <strong>Minha conta</strong> você troca a senha, ativa a verificação em duas etapas com um aplicativo autenticador e vê os últimos acessos à sua conta, com o endereço e o navegador de cada um.</p>
<h3>Acesso de um endereço novo</h3>
<p>Quando você entra de um lugar que o site ainda não conhece, ele pode pedir uma confirmação antes de abrir a sessão.</p>`,
      en: `<h3>Registration</h3>
<p>Only people aged 18 or over may register. Each person may hold one account; a CPF, once given, belongs to one account only.</p>
<h3>Password and two-step verification</h3>
<p>Choose a password you use nowhere else. In <strong>My account</strong> you change your password, turn on two-step verification with an authenticator app, and see the latest sign-ins to your account with the address and browser of each.</p>
<h3>Signing in from a new address</h3>
<p>When you sign in from somewhere the site does not know yet, it may ask for a confirmation before opening the session.</p>`,
    },
  },
  {
    code: 'deposit',
    kind: 'help',
    title: { pt: 'Depósitos', en: 'Deposits' },
    body: {
      pt: `<h3>Como depositar</h3>
<ol><li>Entre na sua conta.</li><li>Clique em <strong>Depositar</strong> no topo da página.</li><li>Escolha o método e o valor e confirme.</li></ol>
<h3>Quanto tempo leva</h3>
<p>Os pagamentos online são creditados assim que o pagamento é confirmado; as transferências bancárias, depois que um operador confirma o recebimento.</p>
<p>Nesta demonstração o pagamento é simulado: nenhum dinheiro de verdade é cobrado.</p>`,
      en: `<h3>How to deposit</h3>
<ol><li>Sign in to your account.</li><li>Click <strong>Deposit</strong> at the top of the page.</li><li>Choose a method and an amount, then confirm.</li></ol>
<h3>How long it takes</h3>
<p>Online payments are credited as soon as the payment is confirmed; bank transfers once an operator confirms receiving them.</p>
<p>In this demo the payment is simulated: no real money is charged.</p>`,
    },
  },
  {
    code: 'withdraw',
    kind: 'help',
    title: { pt: 'Saques', en: 'Withdrawals' },
    body: {
      pt: `<h3>Antes do primeiro saque</h3>
<p>Defina uma senha de pagamento e informe seu nome completo, sua data de nascimento e seu CPF. Esses dados são pedidos uma única vez.</p>
<h3>Como sacar</h3>
<p>Cadastre uma chave PIX (CPF, e-mail, celular ou chave aleatória) ou uma conta bancária em seu nome e faça o pedido na central do membro. O valor fica reservado até o pedido ser pago ou recusado; pedidos a partir de um certo valor são pagos só depois da aprovação de um segundo operador.</p>
<h3>Conferência</h3>
<p>Cada pedido é conferido por um operador. Um saque para uma conta cujo titular não tem o seu nome fica em verificação até um operador analisá-lo. Você acompanha a situação de cada pedido em <strong>Saques</strong> e pode cancelar um pedido que ainda não foi pago.</p>`,
      en: `<h3>Before your first withdrawal</h3>
<p>Set a payment password and give your full name, date of birth and CPF. They are asked for only once.</p>
<h3>How to withdraw</h3>
<p>Add a PIX key (CPF, e-mail, mobile or random key) or a bank account in your own name and make the request in the member centre. The amount is held until the request is paid or rejected; requests above a certain amount are paid only once a second operator approves them.</p>
<h3>Review</h3>
<p>An operator reviews every request. A withdrawal to an account whose holder does not bear your name stays under review until an operator has looked at it. You follow each request in <strong>Withdrawals</strong> and may cancel one that has not been paid yet.</p>`,
    },
  },
  {
    code: 'responsible',
    kind: 'legal',
    title: { pt: 'Jogo responsável', en: 'Responsible gaming' },
    body: {
      pt: `<p>Jogo é diversão, não uma forma de ganhar dinheiro. Mesmo aqui, com dinheiro fictício, vale a pena criar bons hábitos.</p>
<h3>Jogue com moderação</h3>
<ul><li>Decida antes quanto tempo e quanto dinheiro quer gastar, e pare quando chegar ao limite.</li><li>Nunca jogue com dinheiro de que você precisa para contas, comida ou moradia.</li><li>Não tente recuperar o que perdeu apostando mais.</li><li>Faça pausas e não jogue para fugir de problemas, sob efeito de álcool ou cansado.</li></ul>
<h3>Sinais de alerta</h3>
<p>Esconder o quanto joga, pegar dinheiro emprestado para jogar, sentir irritação quando não pode jogar ou deixar de lado trabalho, estudos e pessoas são sinais de que o jogo deixou de ser diversão.</p>
<h3>Onde buscar ajuda</h3>
<p>O CVV (Centro de Valorização da Vida) atende de graça, 24 horas, pelo telefone 188 e em <a href="https://cvv.org.br">cvv.org.br</a>. Os CAPS (Centros de Atenção Psicossocial) do SUS atendem pessoas com dependência, também de graça.</p>
<h3>Pausa na sua conta</h3>
<p>Este site ainda não tem limites de depósito nem autoexclusão pela própria conta. Se quiser uma pausa, peça pelos canais de atendimento: um operador bloqueia sua conta e encerra as sessões abertas.</p>
<p>Menores de 18 anos não podem jogar.</p>`,
      en: `<p>Gaming is entertainment, not a way to make money. Even here, with play money, good habits are worth building.</p>
<h3>Play in moderation</h3>
<ul><li>Decide beforehand how much time and money you want to spend, and stop when you reach it.</li><li>Never play with money you need for bills, food or housing.</li><li>Do not try to win back what you lost by betting more.</li><li>Take breaks, and do not play to escape problems, after drinking or when tired.</li></ul>
<h3>Warning signs</h3>
<p>Hiding how much you play, borrowing money to play, feeling irritable when you cannot play, or neglecting work, studies and people are signs that gaming has stopped being fun.</p>
<h3>Where to find help</h3>
<p>In Brazil, CVV (Centro de Valorização da Vida) listens for free, 24 hours a day, on 188 and at <a href="https://cvv.org.br">cvv.org.br</a>. The public health system's CAPS (psychosocial care centres) treat addiction, also for free.</p>
<h3>A break on your account</h3>
<p>This site does not yet offer deposit limits or self-exclusion from your own account. If you want a break, ask through the support channels: an operator locks your account and ends its open sessions.</p>
<p>Nobody under 18 may play.</p>`,
    },
  },
  {
    code: 'terms',
    kind: 'legal',
    title: { pt: 'Termos e condições', en: 'Terms and conditions' },
    body: {
      pt: `<h3>1. O serviço</h3>
<p>Este site é uma demonstração de software. Todo saldo é dinheiro fictício (FUN), sem valor e sem troca por dinheiro, bens ou serviços. Nenhum prêmio, bônus ou ganho tem valor fora do site.</p>
<h3>2. Quem pode usar</h3>
<p>Só maiores de 18 anos. Cada pessoa pode ter uma única conta.</p>
<h3>3. Sua conta</h3>
<p>Você é responsável pela sua senha. As contas de demonstração são públicas: qualquer pessoa pode entrar nelas e mexer no saldo delas. Não informe dados verdadeiros (CPF, documentos, contas bancárias) neste site.</p>
<h3>4. Jogos</h3>
<p>Os jogos da casa podem ser conferidos: cada resultado vem de sementes publicadas que você verifica na <a href="/originals/fairness">página de verificação</a>. Os demais jogos são de um provedor de demonstração. Uma rodada vale como registrada pelo servidor.</p>
<h3>5. Promoções</h3>
<p>Cada promoção tem as regras descritas na página dela. Uma promoção pode terminar a qualquer momento; o que já foi creditado continua sendo dinheiro fictício.</p>
<h3>6. Reinício e mudanças</h3>
<p>A demonstração pode ser reiniciada a qualquer momento, apagando contas, saldos e apostas, e estes termos podem mudar; a data da última mudança aparece no fim desta página.</p>
<h3>7. Contato</h3>
<p>Dúvidas e reclamações pelos canais de atendimento no <a href="#contact">fim desta página</a> (veja também <a href="#complaints">Reclamações</a>).</p>`,
      en: `<h3>1. The service</h3>
<p>This site is a software demonstration. Every balance is play money (FUN), worth nothing and not exchangeable for money, goods or services. No prize, bonus or win has any value outside the site.</p>
<h3>2. Who may use it</h3>
<p>Only people aged 18 or over. Each person may hold one account.</p>
<h3>3. Your account</h3>
<p>You are responsible for your password. The demo accounts are public: anyone can sign in to them and change their balance. Do not give real data (tax number, documents, bank accounts) on this site.</p>
<h3>4. Games</h3>
<p>The in-house games can be checked: every outcome comes from published seeds you verify on the <a href="/originals/fairness">verification page</a>. The other games come from a demo provider. A round counts as the server recorded it.</p>
<h3>5. Promotions</h3>
<p>Each promotion has the rules written on its page. A promotion may end at any time; what was credited stays play money.</p>
<h3>6. Resets and changes</h3>
<p>The demo may be reset at any time, deleting accounts, balances and bets, and these terms may change; the date of the last change is shown at the end of this page.</p>
<h3>7. Contact</h3>
<p>Questions and complaints through the support channels at the <a href="#contact">end of this page</a> (see also <a href="#complaints">Complaints</a>).</p>`,
    },
  },
  {
    code: 'privacy',
    kind: 'legal',
    title: { pt: 'Privacidade', en: 'Privacy' },
    body: {
      pt: `<p>Tratamos dados pessoais conforme a Lei Geral de Proteção de Dados (Lei 13.709/2018).</p>
<h3>O que guardamos e por quê</h3>
<ul><li><strong>Conta</strong>: nome de usuário, senha (só um hash, nunca o texto), e-mail e celular quando você os informa, para você entrar e recuperar o acesso.</li><li><strong>Identidade</strong>: nome completo, data de nascimento e CPF, pedidos antes do primeiro saque, para confirmar que você é maior de 18 anos e que o saque vai para você.</li><li><strong>Acessos</strong>: endereço IP e navegador de cada acesso, para mostrar a você seus acessos e proteger sua conta.</li><li><strong>Dinheiro</strong>: depósitos, saques, contas bancárias e cada movimento do saldo.</li></ul>
<p>Não vendemos seus dados nem os usamos para publicidade. O site guarda no navegador só o necessário: a sessão e o idioma escolhido.</p>
<h3>Seus direitos</h3>
<p>Em <strong>Identidade</strong>, na central do membro, você baixa tudo o que o site guarda sobre você. Você pode pedir pelo atendimento que seus dados pessoais sejam apagados quando não houver saldo nem pedido em aberto; o que a lei manda manter (os registros de dinheiro e a identificação) continua armazenado pelo prazo legal.</p>
<p>Lembre-se de que este é um site de demonstração: não informe aqui dados verdadeiros.</p>`,
      en: `<p>We process personal data under Brazil's General Data Protection Law (LGPD, Lei 13.709/2018).</p>
<h3>What we keep and why</h3>
<ul><li><strong>Account</strong>: username, password (a hash only, never the text), e-mail and mobile number when you give them, so you can sign in and recover access.</li><li><strong>Identity</strong>: full name, date of birth and CPF, asked for before the first withdrawal, to confirm you are 18 or over and that the withdrawal goes to you.</li><li><strong>Sign-ins</strong>: the IP address and browser of each sign-in, to show you your sign-ins and protect your account.</li><li><strong>Money</strong>: deposits, withdrawals, bank accounts and every movement of your balance.</li></ul>
<p>We do not sell your data or use it for advertising. The site keeps only what it needs in your browser: your session and the language you chose.</p>
<h3>Your rights</h3>
<p>Under <strong>Identity</strong> in the member centre you download everything the site keeps about you. You may ask support to erase your personal data once no balance or request is open; what the law requires us to keep (money records and identification) stays for the legal period.</p>
<p>Remember this is a demonstration site: do not give real data here.</p>`,
    },
  },
  {
    code: 'complaints',
    kind: 'legal',
    title: { pt: 'Reclamações', en: 'Complaints' },
    body: {
      pt: `<h3>Como reclamar</h3>
<p>Escreva pelos canais de atendimento no <a href="#contact">fim desta página</a> com seu nome de usuário, a data e a hora do que aconteceu e, se for uma aposta, um depósito ou um saque, o número que aparece no seu histórico.</p>
<h3>O que acontece depois</h3>
<p>Um operador confere o caso nos registros do site e responde pelo mesmo canal. Cada ação de um operador na sua conta fica registrada com o motivo.</p>
<p>Como este site é uma demonstração sem empresa responsável, não há ouvidoria nem órgão a quem recorrer: nenhuma reclamação envolve dinheiro de verdade.</p>`,
      en: `<h3>How to complain</h3>
<p>Write through the support channels at the <a href="#contact">end of this page</a> with your username, the date and time of what happened and, for a bet, deposit or withdrawal, the number shown in your history.</p>
<h3>What happens next</h3>
<p>An operator checks the case in the site's records and answers through the same channel. Every action an operator takes on your account is recorded with its reason.</p>
<p>As this site is a demonstration with no company behind it, there is no ombudsman or authority to appeal to: no complaint involves real money.</p>`,
    },
  },
  {
    code: 'licence',
    kind: 'legal',
    title: { pt: 'Licença e dados da empresa', en: 'Licence and company details' },
    body: {
      pt: `<p><strong>Este site não tem licença de apostas e não é operado por uma empresa.</strong> É uma demonstração de software; por isso só aceita dinheiro fictício.</p>
<p>No Brasil, um site de apostas de quota fixa só pode operar com autorização da Secretaria de Prêmios e Apostas do Ministério da Fazenda (Lei 14.790/2023). Um site autorizado mostra aqui a razão social, o CNPJ, o endereço da empresa e o número da autorização.</p>`,
      en: `<p><strong>This site holds no betting licence and is not run by a company.</strong> It is a software demonstration, which is why it only takes play money.</p>
<p>In Brazil, a fixed-odds betting site may only operate with an authorisation from the Secretariat of Prizes and Bets of the Ministry of Finance (Lei 14.790/2023). An authorised site shows here its company name, CNPJ, address and authorisation number.</p>`,
    },
  },
];

/**
 * Writes the demo brand's pages. On a database from before the pages could be edited (their one-sentence
 * texts were copied by migration 0061), the texts an operator never saved are replaced; an operator's
 * are kept. Once per database.
 */
export async function seedDemoPages(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(seedRuns)
      .values({ name: 'demo-pages-v1' })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return false;
    const [brand] = await tx.select().from(brands).where(eq(brands.isDefault, true));
    if (!brand) return false;
    for (const [i, page] of demoPages.entries()) {
      const values = { kind: page.kind, title: page.title, body: page.body, sortOrder: i };
      const replaced = await tx
        .update(contentPages)
        .set(values)
        .where(
          and(
            eq(contentPages.brandId, brand.id),
            eq(contentPages.code, page.code),
            isNull(contentPages.updatedBy),
          ),
        )
        .returning({ id: contentPages.id });
      if (replaced.length === 0)
        await tx
          .insert(contentPages)
          .values({ brandId: brand.id, code: page.code, ...values })
          .onConflictDoNothing();
    }
    return true;
  });
}
