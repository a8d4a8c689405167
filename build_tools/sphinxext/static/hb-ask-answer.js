// The Ask page's answers (build_tools/sphinxext/templates/hb-ask.html), shown
// as the pages show verdicts: a badge per question, toned as its question
// declares and linked to the deciding article, the article quoted, the
// reasons, the rules an exception set aside and the articles that led there;
// a verdict that depends as the facts it needs, fields to fill in; a card's
// report per regulation. Everything is built as elements and text: nothing
// the engine, a rulebook or a card says is read as HTML. hb-ask.js (the form)
// uses window.hbAskShow.

(() => {
  const config = JSON.parse(document.getElementById("hb-ask-data").textContent);
  const W = config.words;
  const titles = Object.fromEntries(config.documents.map((d) => [d.id, d]));
  // The form's side: where a needed fact's field is, and how to ask again.
  let form = { fieldFor: () => null, askAgain: () => {} };

  const fill = (template, values) =>
    template.replace(/%\((\w+)\)s/g, (whole, name) => (name in values ? String(values[name]) : whole));

  // An element with text (never HTML), attributes and children.
  function el(tag, attributes = {}, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
      if (value === undefined || value === null || value === false) continue;
      if (name === "text") node.textContent = value;
      else node.setAttribute(name, value === true ? "" : value);
    }
    for (const child of children.flat(Infinity)) {
      if (child !== null && child !== undefined && child !== "") node.append(child);
    }
    return node;
  }

  function questionOf(book, name) {
    return (book.questions || []).find((q) => q.question === name) || { question: name, answers: [] };
  }

  function labelOf(book, question, value) {
    const labels = (book.labels[config.language] || book.labels[book.language] || {})[question] || {};
    return labels[value] || value;
  }

  function articleLink(book, article) {
    const item = book.articles[article] || { name: {}, text: {} };
    const name = item.name[config.language] || item.name[book.language] || article;
    return el("a", { href: `${book.document}.html#${article}`, text: name });
  }

  function articleText(book, article) {
    const item = book.articles[article];
    if (!item) return "";
    return item.text[config.language] || item.text[book.language] || "";
  }

  // What the question is called: its answers' labels ("Alert / No alert"),
  // or, for a question answered by a meaning or a call, the page's words.
  function questionName(book, name) {
    const question = questionOf(book, name);
    if (question.answers.length) {
      return question.answers.filter((a) => !a.residual).map((a) => labelOf(book, name, a.answer)).join(" / ");
    }
    return W["question:" + name] || question.text || name;
  }

  function badge(book, question, value, article) {
    const answer = questionOf(book, question).answers.find((a) => a.answer === value);
    const tone = (answer && answer.tone) || "info";
    const label = labelOf(book, question, value);
    const linked = article && !(answer && answer.residual);
    return el("span", { class: `hb-verdict hb-verdict-${tone}` },
      linked ? el("a", { href: `${book.document}.html#${article}`, text: label }) : label);
  }

  function detail(term, ...content) {
    return [el("dt", { text: term }), el("dd", {}, ...content)];
  }

  // An article: its name, linked to it on its page, and what it says.
  function quoted(book, article) {
    const text = articleText(book, article);
    return [articleLink(book, article), text ? el("span", { class: "hb-ask-quote", text: " " + text }) : ""];
  }

  function articleItems(book, articles, withText = true) {
    return el("ul", {}, articles.map((article) => el("li", {}, withText ? quoted(book, article) : articleLink(book, article))));
  }

  function verdictItem(book, question, verdict, folded = false) {
    if (verdict.value === "depends") return dependsItem(book, question, verdict, folded);
    if (verdict.value === "by type") {
      return el("li", { class: "hb-ask-verdict" }, el("span", { class: "hb-ask-question", text: questionName(book, question) }),
        el("ul", {}, verdict.types.map((v, n) => el("li", {}, fill(W["by-type"], { number: n + 1 }) + ": ",
          v ? badge(book, question, v.value, v.article) : "—"))));
    }
    const facts = [];
    if (verdict.article) facts.push(...detail(W["decided-by"], quoted(book, verdict.article)));
    const also = (verdict.articles || []).filter((a) => a !== verdict.article);
    if (also.length) facts.push(...detail(W.also, articleItems(book, also, false)));
    const reasons = verdict.reasons || (verdict.because ? [verdict.because] : []);
    if (reasons.length) facts.push(...detail(W.because, reasons.length === 1 ? reasons[0] : el("ul", {}, reasons.map((r) => el("li", { text: r })))));
    if ((verdict.set_aside || []).length) facts.push(...detail(W["set-aside"], articleItems(book, verdict.set_aside)));
    const chain = (verdict.chain || []).filter((a) => a !== verdict.article && !(verdict.set_aside || []).includes(a));
    if (chain.length) facts.push(...detail(W.chain, articleItems(book, chain, false)));
    return el("li", { class: "hb-ask-verdict" }, badge(book, question, verdict.value, verdict.article),
      facts.length ? el("dl", {}, facts) : "");
  }

  // The facts a "depends" answer names, as fields to fill in: a copy of the
  // form's own field (the form finds it), whose values go back into the form
  // when asked again.
  let copies = 0;
  function copyOf(original) {
    copies += 1;
    const copy = original.cloneNode(true);
    copy.hidden = false;
    for (const node of copy.querySelectorAll("[id], [for], [aria-describedby]")) {
      for (const name of ["id", "for"]) {
        if (node.hasAttribute(name)) node.setAttribute(name, `hb-need${copies}-${node.getAttribute(name)}`);
      }
      node.removeAttribute("aria-describedby");
    }
    const controls = (root) => [...root.querySelectorAll("input, select, textarea")];
    controls(original).forEach((control, n) => {
      const mirror = controls(copy)[n];
      if (control.type === "checkbox" || control.type === "radio") mirror.checked = control.checked;
      else mirror.value = control.value;
    });
    copy.hbOriginal = original;
    return copy;
  }

  function dependsItem(book, question, verdict, folded = false) {
    const inputs = [];
    const plain = [];
    for (const need of verdict.needs) {
      const original = form.fieldFor(need);
      if (original && !inputs.some((c) => c.hbOriginal === original)) inputs.push(copyOf(original));
      else if (!original) plain.push(W["field:" + need] || W[need] || need);
    }
    const again = el("button", { type: "button", class: "hb-ask-secondary", text: W["ask-again"] });
    again.addEventListener("click", () => {
      for (const copy of inputs) {
        const controls = (root) => [...root.querySelectorAll("input, select, textarea")];
        controls(copy).forEach((mirror, n) => {
          const control = controls(copy.hbOriginal)[n];
          if (control.type === "checkbox" || control.type === "radio") control.checked = mirror.checked;
          else control.value = mirror.value;
          control.dispatchEvent(new Event("change"));
        });
      }
      form.askAgain();
    });
    const cases = el("ul", { class: "hb-ask-cases" }, verdict.cases.map((c) => el("li", {},
      fill(W.case, { condition: c.if, answer: labelOf(book, question, c.then) })
        + (c.otherwise ? "; " + fill(W["case-otherwise"], { otherwise: labelOf(book, question, c.otherwise) }) : "")
        + " ", c.article ? el("span", { class: "hb-ask-quote" }, "(", articleLink(book, c.article), ")") : "")));
    const head = [el("span", { class: "hb-ask-question", text: questionName(book, question) }), " ",
      el("span", { text: W.depends + ": " + verdict.needs.map((n) => W["field:" + n] || W[n] || n).join(", ") })];
    const body = [inputs.length ? el("div", { class: "hb-ask-needs" }, inputs, again) : "",
      plain.length ? el("p", { class: "hb-ask-hint", text: plain.join(", ") }) : "", cases];
    return el("li", { class: "hb-ask-verdict hb-ask-depends" },
      folded ? el("details", {}, el("summary", {}, head), body) : [el("p", {}, head), body]);
  }

  function answerOf(book, found, folded = false) {
    const title = titles[book.document] || { title: book.document };
    const section = el("section", { class: "hb-ask-result" },
      el("h3", { class: "hb-ask-document" },
        el("a", { href: `${book.document}.html`, lang: title.lang, text: title.title })));
    if (found.error) {
      section.append(el("p", { class: "hb-ask-error", text: fill(W.refused, { reason: found.error }) }));
      return section;
    }
    const { verdicts, undecided } = found.answer;
    const items = Object.entries(verdicts).map(([question, verdict]) => verdictItem(book, question, verdict, folded));
    if (items.length) section.append(el("ul", { class: "hb-ask-verdicts" }, items));
    // Side by side, a question no rule answers is left out: the verdicts are what is compared.
    for (const line of folded ? [] : undecided) {
      const question = line.split(":", 1)[0];
      section.append(el("p", { class: "hb-ask-hint" }, questionName(book, question) + ": " + W["not-covered"]));
    }
    if (!items.length && !undecided.length) section.append(el("p", { text: W["no-verdict"] }));
    return section;
  }

  function cardReport(book, found) {
    const title = titles[book.document] || { title: book.document };
    const section = el("section", { class: "hb-ask-result" },
      el("h3", { class: "hb-ask-document" }, el("a", { href: `${book.document}.html`, lang: title.lang, text: title.title })));
    const list = el("ul", { class: "hb-ask-verdicts" });
    for (const question of ["hum", "colour"]) {
      if (found[question]) list.append(verdictItem(book, question, found[question]));
    }
    if (found.classification) {
      list.append(el("li", { text: fill(W.classification, { answer: found.classification.map((c) => labelOf(book, "colour", c)).join(", ") }) }));
    }
    for (const item of found.permitted || []) {
      const stage = item.stage ? " · " + (W["stage:" + item.stage] || item.stage) : "";
      list.append(el("li", { class: "hb-ask-verdict" }, fill(W["permitted-in"], { event: item.event }) + stage + ": ",
        item.verdict.value === "depends" ? W.depends : badge(book, "permitted", item.verdict.value, item.verdict.article)));
    }
    section.append(list);
    const calls = found.calls || [];
    const questions = [...new Set(calls.flatMap((c) => Object.keys(c.verdicts)))];
    if (questions.length) {
      section.append(el("h4", { text: W.calls }));
      const table = el("ul", { class: "hb-ask-calls" });
      for (const call of calls) {
        table.append(el("li", {}, el("span", { class: "hb-ask-call", text: call.auction }), " ",
          questions.filter((q) => call.verdicts[q]).map((q) => {
            const verdict = call.verdicts[q];
            if (verdict.value === "depends" || verdict.value === "by type" || verdict.value === "conflict") {
              return el("span", { class: "hb-ask-hint", text: `${questionName(book, q)}: ${verdict.value === "depends" ? W.depends : verdict.value} ` });
            }
            return [badge(book, q, verdict.value, verdict.article), " "];
          })));
      }
      section.append(table);
    }
    if ((found["missing-from-front"] || []).length) {
      section.append(el("p", {}, W["missing-front"] + ": ",
        found["missing-from-front"].map((m, n) => [n ? ", " : "", el("span", { class: "hb-ask-call", text: m.auction }), " (", articleLink(book, m.article), ")"])));
    }
    return section;
  }


  window.hbAskShow = { el, fill, answerOf, cardReport, connect: (side) => { form = side; } };
})();
