/** Help-centre articles of the demo brand; section codes are shared by both languages. */

type Article = { title: string; content: string };
type Section = { section: string; title: string; articles: Article[] };

export const demoHelp: Record<'pt' | 'en', Section[]> = {
  pt: [
    {
      section: 'about',
      title: 'Sobre nós',
      articles: [
        {
          title: 'Quem somos',
          content:
            '<p>A Aurora Bet é uma plataforma de demonstração de jogos e apostas online. Todo o dinheiro neste site é fictício (FUN): você deposita e saca seguindo os mesmos passos de um site real, mas ele não vale nada fora daqui.</p>',
        },
        {
          title: 'Contato',
          content:
            '<p>Fale com o atendimento pelos canais listados no <a href="#contact">fim desta página</a> e no menu lateral. Este site não tem chat ao vivo.</p>',
        },
      ],
    },
    {
      section: 'deposit',
      title: 'Depósitos',
      articles: [
        {
          title: 'Como depositar',
          content:
            '<ol><li>Faça login.</li><li>Clique em <strong>Depositar</strong> no topo da página.</li><li>Escolha o método e o valor e confirme.</li></ol>',
        },
        {
          title: 'Quanto tempo leva?',
          content:
            '<p>Pagamentos online são creditados em segundos; transferências bancárias, após a confirmação do operador.</p>',
        },
      ],
    },
    {
      section: 'withdraw',
      title: 'Saques',
      articles: [
        {
          title: 'Como sacar',
          content:
            '<p>Defina uma senha de pagamento, cadastre uma conta bancária e solicite o saque na central do membro. Cada solicitação é verificada pela nossa equipe.</p>',
        },
      ],
    },
    {
      section: 'responsible',
      title: 'Jogo responsável',
      articles: [
        {
          title: 'Jogue com moderação',
          content:
            '<p>O jogo deve ser uma diversão. Defina limites, faça pausas e nunca jogue com dinheiro de que você precisa. É proibido o acesso a menores de 18 anos ou abaixo da idade legal para jogos na sua jurisdição.</p>',
        },
      ],
    },
    {
      section: 'terms',
      title: 'Termos e condições',
      articles: [
        {
          title: 'Termos de uso',
          content:
            '<p>Ao usar este site, você aceita os termos de uso, incluindo a idade mínima, uma conta por pessoa e as regras de cada promoção.</p>',
        },
      ],
    },
    {
      section: 'privacy',
      title: 'Privacidade',
      articles: [
        {
          title: 'Política de privacidade',
          content:
            '<p>Armazenamos apenas os dados necessários para operar sua conta. As senhas são armazenadas com hash, nunca em texto puro.</p>',
        },
      ],
    },
  ],
  en: [
    {
      section: 'about',
      title: 'About us',
      articles: [
        {
          title: 'Who we are',
          content:
            '<p>Aurora Bet is a demonstration online gaming and betting platform. All money on this site is play money (FUN): it is deposited and withdrawn through the same steps as on a real site, but is worth nothing outside it.</p>',
        },
        {
          title: 'Contact',
          content:
            '<p>Reach support through the channels listed at the <a href="#contact">end of this page</a> and in the side menu. This site has no live chat.</p>',
        },
      ],
    },
    {
      section: 'deposit',
      title: 'Deposits',
      articles: [
        {
          title: 'How to deposit',
          content:
            '<ol><li>Log in.</li><li>Click <strong>Deposit</strong> at the top of the page.</li><li>Choose a method and an amount, then confirm.</li></ol>',
        },
        {
          title: 'How long does it take?',
          content:
            '<p>Online payments are credited within seconds; bank transfers once the operator confirms them.</p>',
        },
      ],
    },
    {
      section: 'withdraw',
      title: 'Withdrawals',
      articles: [
        {
          title: 'How to withdraw',
          content:
            '<p>Set a payment password, add a bank account and request a withdrawal in the member centre. Our team reviews every request.</p>',
        },
      ],
    },
    {
      section: 'responsible',
      title: 'Responsible gaming',
      articles: [
        {
          title: 'Play responsibly',
          content:
            '<p>Gaming should be fun. Set limits, take breaks and never play with money you need. Nobody under 18, or under the legal gambling age of their jurisdiction, may play.</p>',
        },
      ],
    },
    {
      section: 'terms',
      title: 'Terms and conditions',
      articles: [
        {
          title: 'Terms of use',
          content:
            '<p>By using this site you accept the terms of use, including the minimum age, one account per person and the rules of each promotion.</p>',
        },
      ],
    },
    {
      section: 'privacy',
      title: 'Privacy',
      articles: [
        {
          title: 'Privacy policy',
          content:
            '<p>We keep only the data needed to run your account. Passwords are stored hashed, never in plain text.</p>',
        },
      ],
    },
  ],
};
