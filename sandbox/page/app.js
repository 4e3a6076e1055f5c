// The sandbox page: a Discord-like client for the Kadi bot on the sandbox's server.
// Plain JavaScript, no library, no build step. Every text the server sends (names,
// messages, embeds, labels) goes into the document through textContent or text nodes,
// never as HTML, so a name such as <img src=x onerror=alert(1)> is shown as it is typed.
"use strict";

const KEY = "kadi-sandbox-key";          // this tab's member (sessionStorage: another tab, another member)
const CHANNEL = "kadi-sandbox-channel";  // the channel this tab last showed
const $ = (id) => document.getElementById(id);

const S = {
  key: sessionStorage.getItem(KEY),
  me: null, server: null, channels: [], members: new Map(), online: new Set(), commands: [],
  messages: new Map(),  // channel id -> Map(message id -> message)
  unread: new Set(), current: null, ws: null, retry: 0, dismissed: new Set(),
};

// ----------------------------------------------------------------------- little helpers

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function byId(a, b) {  // snowflakes as strings, oldest first
  return a.length !== b.length ? a.length - b.length : (a < b ? -1 : a > b ? 1 : 0);
}

function initial(name) {
  const first = Array.from(String(name || "?").trim())[0] || "?";
  return first.toUpperCase();
}

function clock(iso) {
  const when = iso ? new Date(iso) : new Date();
  return when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

let toastTimer = null;
function toast(text) {
  const box = $("toast");
  box.textContent = String(text);
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { box.hidden = true; }, 6000);
}

async function api(path, body) {
  const init = { method: body === undefined ? "GET" : "POST", headers: { "X-Sandbox-Key": S.key || "" } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    return { ok: false, status: 0, data: { error: "The sandbox is not answering (is `make run` still running?)." } };
  }
  let data = {};
  try { data = await response.json(); } catch (err) { data = {}; }
  return { ok: response.ok, status: response.status, data };
}

// ----------------------------------------------------------------------- markdown, as text nodes

const INLINE = new RegExp([
  "\\*\\*(?<bold>[\\s\\S]+?)\\*\\*",
  "__(?<underline>[\\s\\S]+?)__",
  "\\*(?<italic>[^*\\n]+?)\\*",
  "(?<![\\w])_(?<italic2>[^_\\n]+?)_(?![\\w])",
  "~~(?<strike>[\\s\\S]+?)~~",
  "\\|\\|(?<spoiler>[\\s\\S]+?)\\|\\|",
  "`(?<code>[^`]+?)`",
  "<@!?(?<user>\\d+)>",
  "<@&(?<role>\\d+)>",
  "<#(?<channel>\\d+)>",
  "<t:(?<ts>-?\\d+)(?::(?<style>[tTdDfFR]))?>",
  "\\[(?<label>[^\\]]+)\\]\\((?<href>https://[^)\\s]+)\\)",
].join("|"));

function inline(text, into) {
  let rest = String(text);
  while (rest) {
    const found = INLINE.exec(rest);
    if (!found) { into.append(document.createTextNode(rest)); break; }
    if (found.index) into.append(document.createTextNode(rest.slice(0, found.index)));
    const g = found.groups;
    let node;
    if (g.bold !== undefined) { node = el("strong"); inline(g.bold, node); }
    else if (g.underline !== undefined) { node = el("u"); inline(g.underline, node); }
    else if (g.italic !== undefined || g.italic2 !== undefined) { node = el("em"); inline(g.italic ?? g.italic2, node); }
    else if (g.strike !== undefined) { node = el("s"); inline(g.strike, node); }
    else if (g.spoiler !== undefined) {
      node = el("span", "spoiler"); inline(g.spoiler, node);
      node.addEventListener("click", () => node.classList.add("shown"));
    }
    else if (g.code !== undefined) node = el("code", null, g.code);
    else if (g.user !== undefined) {
      const member = S.members.get(g.user);
      node = el("span", "mention", "@" + (member ? member.name : "unknown-user"));
    }
    else if (g.role !== undefined) node = el("span", "mention", "@role");
    else if (g.channel !== undefined) {
      const channel = S.channels.find((c) => c.id === g.channel);
      node = el("span", "mention", "#" + (channel ? channel.name : "unknown"));
    }
    else if (g.ts !== undefined) {
      node = el("span", "timestamp");
      node.dataset.ts = g.ts;
      node.dataset.style = g.style || "f";
      showTime(node);
    }
    else if (g.href !== undefined) {
      node = el("a", null, g.label);
      node.href = g.href;
      node.target = "_blank";
      node.rel = "noopener noreferrer";
    }
    into.append(node);
    rest = rest.slice(found.index + found[0].length);
  }
}

function showTime(node) {
  const when = new Date(Number(node.dataset.ts) * 1000);
  const style = node.dataset.style;
  if (style === "R") {
    const seconds = Math.round((when.getTime() - Date.now()) / 1000);
    const size = Math.abs(seconds);
    const [n, unit] = size < 60 ? [size, "second"] : size < 3600 ? [Math.round(size / 60), "minute"]
      : size < 86400 ? [Math.round(size / 3600), "hour"] : [Math.round(size / 86400), "day"];
    const words = `${n} ${unit}${n === 1 ? "" : "s"}`;
    node.textContent = seconds >= 0 ? `in ${words}` : `${words} ago`;
  } else if (style === "t" || style === "T") {
    node.textContent = when.toLocaleTimeString([], style === "t" ? { hour: "2-digit", minute: "2-digit" } : {});
  } else if (style === "d" || style === "D") {
    node.textContent = when.toLocaleDateString();
  } else {
    node.textContent = when.toLocaleString();
  }
}
setInterval(() => document.querySelectorAll(".timestamp[data-style='R']").forEach(showTime), 1000);

function markdown(text, className) {
  const box = el("div", className);
  const source = String(text || "");
  const parts = source.split(/```(?:[a-z]*\n)?([\s\S]*?)```/);  // odd parts are code blocks
  parts.forEach((part, index) => {
    if (index % 2) { box.append(el("pre", null, part)); return; }
    const lines = part.split("\n");
    lines.forEach((line, n) => {
      let target = box;
      const heading = /^(#{1,3}) (.*)$/.exec(line);
      const sub = /^-# (.*)$/.exec(line);
      const quote = /^> ?(.*)$/.exec(line);
      const item = /^(\s*)[-*] (.*)$/.exec(line);
      if (heading) { target = el("div", "md-h" + heading[1].length); inline(heading[2], target); box.append(target); return; }
      if (sub) { target = el("div", "md-sub"); inline(sub[1], target); box.append(target); return; }
      if (quote) { target = el("blockquote"); inline(quote[1], target); box.append(target); return; }
      if (item) { inline(item[1] + "• " + item[2], box); }
      else inline(line, box);
      if (n < lines.length - 1) box.append(document.createTextNode("\n"));
    });
  });
  return box;
}

// ----------------------------------------------------------------------- messages

function channelMessages(channelId) {
  if (!S.messages.has(channelId)) S.messages.set(channelId, new Map());
  return S.messages.get(channelId);
}

function renderEmbed(embed) {
  const box = el("div", "embed");
  if (typeof embed.color === "number") box.style.borderLeftColor = "#" + embed.color.toString(16).padStart(6, "0");
  if (embed.thumbnail) {
    const thumb = el("img", "embed-thumbnail");
    thumb.src = embed.thumbnail; thumb.alt = "";
    box.append(thumb);
  }
  if (embed.author) box.append(el("div", "embed-author", embed.author));
  if (embed.title) {
    const title = el("div", "embed-title");
    if (embed.url) {
      const link = el("a", null, embed.title);
      link.href = embed.url; link.target = "_blank"; link.rel = "noopener noreferrer";
      title.append(link);
    } else inline(embed.title, title);
    box.append(title);
  }
  if (embed.description) box.append(markdown(embed.description, "embed-description"));
  if (embed.fields && embed.fields.length) {
    const fields = el("div", "embed-fields");
    for (const field of embed.fields) {
      const f = el("div", "embed-field" + (field.inline ? " inline" : ""));
      const name = el("div", "embed-field-name"); inline(field.name, name);
      f.append(name, markdown(field.value, "embed-field-value"));
      fields.append(f);
    }
    box.append(fields);
  }
  if (embed.image) {
    const image = el("img", "embed-image");
    image.src = embed.image;
    image.alt = embed.title || "picture";
    box.append(image);
  }
  if (embed.footer) box.append(el("div", "embed-footer", embed.footer));
  return box;
}

function renderButton(message, comp) {
  if (comp.style === 5 && comp.url) {
    const link = el("a", "btn style-5", (comp.emoji ? comp.emoji + " " : "") + (comp.label || "") + " ↗");
    link.href = comp.url; link.target = "_blank"; link.rel = "noopener noreferrer";
    return link;
  }
  const button = el("button", "btn style-" + (comp.style || 2));
  button.type = "button";
  if (comp.emoji) button.append(el("span", "emoji", comp.emoji));
  if (comp.label) button.append(el("span", null, comp.label));
  button.disabled = !!comp.disabled;
  button.dataset.customId = comp.custom_id;
  button.addEventListener("click", async () => {
    if (button.classList.contains("pending")) return;
    button.classList.add("pending");
    const answer = await api("/api/click", { message_id: message.id, custom_id: comp.custom_id });
    button.classList.remove("pending");
    if (!answer.ok) toast(answer.data.error || "That did not work.");
  });
  return button;
}

let openMenu = null;
function closeMenu() {
  if (openMenu) { openMenu.hidden = true; openMenu = null; }
}
document.addEventListener("click", (event) => {
  if (openMenu && !openMenu.parentElement.contains(event.target)) closeMenu();
});

function renderSelect(message, comp) {
  const box = el("div", "select");
  box.dataset.customId = comp.custom_id;
  const toggle = el("button", "select-toggle");
  toggle.type = "button";
  toggle.disabled = !!comp.disabled;
  const chosen = comp.options.filter((o) => o.default);
  const shown = el("span", chosen.length ? null : "placeholder",
    chosen.length ? chosen.map((o) => o.label).join(", ") : (comp.placeholder || "Make a selection"));
  toggle.append(shown, el("span", null, "▾"));
  const menu = el("ul", "select-menu");
  menu.setAttribute("role", "listbox");
  menu.hidden = true;
  const many = comp.max_values > 1;
  const picked = new Set(chosen.map((o) => o.value));

  async function send(values) {
    closeMenu();
    toggle.classList.add("pending");
    const answer = await api("/api/select", { message_id: message.id, custom_id: comp.custom_id, values });
    toggle.classList.remove("pending");
    if (!answer.ok) toast(answer.data.error || "That did not work.");
  }

  for (const option of comp.options) {
    const item = el("li", "select-option");
    item.setAttribute("role", "option");
    item.dataset.value = option.value;
    if (many) {
      const tick = el("input"); tick.type = "checkbox"; tick.checked = picked.has(option.value); tick.tabIndex = -1;
      item.append(tick);
    }
    if (option.emoji) item.append(el("span", "emoji", option.emoji));
    const words = el("div");
    words.append(el("span", null, option.label));
    if (option.description) words.append(el("small", null, option.description));
    item.append(words);
    item.addEventListener("click", () => {
      if (!many) { send([option.value]); return; }
      if (picked.has(option.value)) picked.delete(option.value); else picked.add(option.value);
      item.querySelector("input").checked = picked.has(option.value);
    });
    menu.append(item);
  }
  if (many) {
    const done = el("li");
    const button = el("button", "btn style-1 select-done", "Choose");
    button.type = "button";
    button.addEventListener("click", () => {
      const values = Array.from(picked);
      if (values.length < comp.min_values || values.length > comp.max_values) {
        toast(`Choose ${comp.min_values} to ${comp.max_values}.`);
        return;
      }
      send(values);
    });
    done.append(button);
    menu.append(done);
  }
  toggle.addEventListener("click", () => {
    if (openMenu === menu) { closeMenu(); return; }
    closeMenu();
    menu.hidden = false;
    openMenu = menu;
    const room = window.innerHeight - toggle.getBoundingClientRect().bottom;
    menu.classList.toggle("up", room < 260);
  });
  box.append(toggle, menu);
  return box;
}

function renderComponents(message) {
  const box = el("div", "components");
  for (const row of message.components) {
    const line = el("div", "row");
    for (const comp of row.components || []) {
      if (comp.type === 2) line.append(renderButton(message, comp));
      else if (comp.type === 3) line.append(renderSelect(message, comp));
    }
    box.append(line);
  }
  return box;
}

function renderMessage(message) {
  const node = el("article", "message" + (message.ephemeral ? " ephemeral" : ""));
  node.id = "m-" + message.id;
  node.dataset.id = message.id;
  const avatar = el("div", "avatar" + (message.author.bot ? " bot" : ""), initial(message.author.name));
  const body = el("div", "message-body");
  if (message.interaction && message.interaction.command) {
    const origin = el("div", "origin");
    origin.append(el("b", null, message.interaction.user), document.createTextNode(" used "),
      el("span", "cmd", "/" + message.interaction.command));
    body.append(origin);
  }
  const head = el("div", "message-head");
  const author = el("span", "author", message.author.name);
  head.append(author);
  if (message.author.bot) head.append(el("span", "tag", "APP"));
  head.append(el("span", "time", clock(message.timestamp)));
  if (message.edited) head.append(el("span", "edited", "(edited)"));
  body.append(head);
  if (message.loading) body.append(el("div", "loading", `${message.author.name} is thinking…`));
  if (message.content) body.append(markdown(message.content, "content"));
  for (const embed of message.embeds) body.append(renderEmbed(embed));
  for (const file of message.files) {
    if (file.image) {
      const image = el("img", "file-image"); image.src = file.url; image.alt = file.filename;
      body.append(image);
    } else {
      const link = el("a", null, file.filename); link.href = file.url;
      body.append(link);
    }
  }
  if (message.components.length) body.append(renderComponents(message));
  if (message.ephemeral) {
    const note = el("div", "ephemeral-note");
    const dismiss = el("button", "link-button", "Dismiss message");
    dismiss.type = "button";
    dismiss.addEventListener("click", () => { S.dismissed.add(message.id); node.remove(); });
    note.append(el("span", "eye"), el("span", null, "Only you can see this ·"), dismiss);
    body.append(note);
  }
  node.append(avatar, body);
  return node;
}

function nearBottom(box) {
  return box.scrollHeight - box.scrollTop - box.clientHeight < 80;
}

function showChannel(channelId) {
  S.current = channelId;
  sessionStorage.setItem(CHANNEL, channelId);
  S.unread.delete(channelId);
  closeMenu();
  const channel = S.channels.find((c) => c.id === channelId);
  $("channel-name").textContent = channel ? channel.name : "";
  $("text").placeholder = `Message #${channel ? channel.name : ""} — type / for the bot's commands`;
  renderChannels();
  const box = $("messages");
  box.replaceChildren();
  const list = Array.from(channelMessages(channelId).values()).filter((m) => !S.dismissed.has(m.id));
  list.sort((a, b) => byId(a.id, b.id));
  for (const message of list) box.append(renderMessage(message));
  box.scrollTop = box.scrollHeight;
}

function upsert(message) {
  const messages = channelMessages(message.channel_id);
  const isNew = !messages.has(message.id);
  messages.set(message.id, message);
  if (message.channel_id !== S.current) {
    if (isNew) { S.unread.add(message.channel_id); renderChannels(); }
    return;
  }
  if (S.dismissed.has(message.id)) return;
  const box = $("messages");
  const stick = nearBottom(box);
  const old = document.getElementById("m-" + message.id);
  const open = old && openMenu && old.contains(openMenu) ? openMenu.parentElement.dataset.customId : null;
  const node = renderMessage(message);
  if (old) {
    if (open) closeMenu();
    old.replaceWith(node);
    // A menu left open stays open when its message is redrawn (the others moved), if it is still there.
    const again = open && Array.from(node.querySelectorAll(".select")).find((s) => s.dataset.customId === open);
    const toggle = again && again.querySelector(".select-toggle");
    if (toggle && !toggle.disabled) toggle.click();
  } else {
    const after = Array.from(box.children).find((n) => byId(n.dataset.id, message.id) > 0);
    box.insertBefore(node, after || null);
  }
  if (stick || (isNew && message.ephemeral)) box.scrollTop = box.scrollHeight;
}

function remove(id, channelId) {
  channelMessages(channelId).delete(id);
  const node = document.getElementById("m-" + id);
  if (node) node.remove();
}

// ----------------------------------------------------------------------- channels and members

function renderChannels() {
  const list = $("channel-list");
  list.replaceChildren();
  for (const channel of S.channels) {
    const item = el("li");
    const button = el("button");
    button.type = "button";
    button.dataset.channel = channel.id;
    if (channel.id === S.current) button.classList.add("current");
    if (S.unread.has(channel.id)) button.classList.add("unread");
    button.append(el("span", "hash", "#"), el("span", null, channel.name));
    button.addEventListener("click", () => showChannel(channel.id));
    item.append(button);
    list.append(item);
  }
}

function renderMembers() {
  const online = $("online-list"), offline = $("offline-list");
  online.replaceChildren(); offline.replaceChildren();
  const members = Array.from(S.members.values()).sort((a, b) => a.name.localeCompare(b.name));
  let on = 0, off = 0;
  for (const member of members) {
    const here = member.bot || S.online.has(member.id);
    const item = el("li");
    item.append(el("div", "avatar" + (member.bot ? " bot" : ""), initial(member.name)));
    const name = el("span", null, member.name);
    item.append(name);
    if (member.bot) item.append(el("span", "tag", "APP"));
    (here ? online : offline).append(item);
    if (here) on++; else off++;
  }
  $("online-heading").textContent = `Online — ${on}`;
  $("offline-heading").textContent = `Offline — ${off}`;
  $("offline-heading").hidden = off === 0;
}

// ----------------------------------------------------------------------- the slash-command box

function flatCommands() {
  const out = [];
  for (const cmd of S.commands) {
    const options = cmd.options || [];
    const subs = options.filter((o) => o.type === 1 || o.type === 2);
    if (!subs.length) { out.push({ path: cmd.name, description: cmd.description, options }); continue; }
    for (const sub of subs) {
      if (sub.type === 1) {
        out.push({ path: `${cmd.name} ${sub.name}`, description: sub.description, options: sub.options || [] });
      } else {
        for (const leaf of sub.options || []) {
          out.push({ path: `${cmd.name} ${sub.name} ${leaf.name}`, description: leaf.description,
            options: leaf.options || [] });
        }
      }
    }
  }
  return out;
}

const box = { command: null, fields: [], popup: [], active: 0, pick: null, timer: null, asked: 0 };

function showPopup(title, items, pick) {
  const popup = $("suggestions");
  popup.replaceChildren();
  box.popup = items;
  box.pick = pick;
  box.active = 0;
  if (title) popup.append(el("div", "popup-title", title));
  if (!items.length) {
    popup.append(el("div", "popup-empty", "Nothing matches."));
  }
  items.forEach((item, index) => {
    const row = el("div", "popup-item" + (index === 0 ? " active" : ""));
    row.setAttribute("role", "option");
    row.append(el("b", null, item.label));
    if (item.hint) row.append(el("span", null, item.hint));
    row.addEventListener("mousedown", (event) => { event.preventDefault(); pick(item); });
    popup.append(row);
  });
  popup.hidden = false;
}

function hidePopup() {
  $("suggestions").hidden = true;
  box.popup = [];
  box.pick = null;
}

// The popup belongs to whatever is being typed in: the box (a command's name) or an
// option with autocomplete. Focus gone elsewhere, it goes.
function hideUnlessTyping() {
  const now = document.activeElement;
  if (now === $("text") && !box.command) return;
  if (box.fields.some((f) => f.input === now && f.option.autocomplete)) return;
  hidePopup();
}

function movePopup(step) {
  if (!box.popup.length) return;
  box.active = (box.active + step + box.popup.length) % box.popup.length;
  $("suggestions").querySelectorAll(".popup-item").forEach((row, index) => {
    row.classList.toggle("active", index === box.active);
    if (index === box.active) row.scrollIntoView({ block: "nearest" });
  });
}

function suggestCommands() {
  const typed = $("text").value.slice(1).trim().toLowerCase().replace(/\s+/g, " ");
  const found = flatCommands().filter((c) => c.path.startsWith(typed) || (typed && c.path.includes(typed)));
  showPopup("Commands of Kadi", found.slice(0, 25).map((c) => ({ label: "/" + c.path, hint: c.description, command: c })),
    (item) => chooseCommand(item.command));
}

function chooseCommand(command) {
  hidePopup();
  box.command = command;
  box.fields = [];
  $("text").value = "";
  $("text").hidden = true;
  const chip = $("command-chip");
  chip.textContent = "/" + command.path;
  chip.hidden = false;
  const options = $("options");
  options.replaceChildren();
  for (const option of command.options.filter((o) => o.required)) options.append(optionField(option));
  const optional = command.options.filter((o) => !o.required);
  if (optional.length) {
    // As on Discord: the optional options wait in a row of their own until one is picked.
    const more = el("div", "optional");
    more.append(el("span", "optional-title", "Optional"));
    for (const option of optional) {
      const chip = el("button", "optional-chip", option.name);
      chip.type = "button";
      chip.title = option.description || "";
      chip.dataset.option = option.name;
      chip.addEventListener("click", () => {
        chip.remove();
        if (!more.querySelector(".optional-chip")) more.remove();
        const field = optionField(option);
        options.insertBefore(field, more.isConnected ? more : null);
        field.querySelector("input, select").focus();
      });
      more.append(chip);
    }
    options.append(more);
  }
  const first = box.fields[0];
  if (first) first.input.focus(); else $("send").focus();
}

function optionField(option) {
  const wrap = el("label", "option");
  wrap.title = option.description || "";
  wrap.append(el("span", "option-name" + (option.required ? " required" : ""), option.name));
  let input;
  if (option.choices && option.choices.length) {
    input = el("select");
    input.append(new Option("—", ""));
    for (const choice of option.choices) input.append(new Option(choice.name, JSON.stringify(choice.value)));
  } else if (option.type === 5) {
    input = el("select");
    input.append(new Option("—", ""), new Option("True", "true"), new Option("False", "false"));
  } else if (option.type === 6 || option.type === 9) {
    input = el("select");
    input.append(new Option("—", ""));
    for (const member of S.members.values()) if (!member.bot) input.append(new Option(member.name, member.id));
  } else if (option.type === 7) {
    input = el("select");
    input.append(new Option("—", ""));
    for (const channel of S.channels) input.append(new Option("#" + channel.name, channel.id));
  } else {
    input = el("input");
    if (option.type === 4 || option.type === 10) {
      input.type = "number";
      if (option.type === 4) input.step = "1";
      if (option.min_value !== undefined) input.min = option.min_value;
      if (option.max_value !== undefined) input.max = option.max_value;
    }
    if (option.max_length) input.maxLength = option.max_length;
  }
  input.name = option.name;
  input.setAttribute("aria-label", option.name + (option.description ? ": " + option.description : ""));
  const field = { option, input, wrap, chosen: null };
  box.fields.push(field);
  input.addEventListener("focus", () => {
    wrap.classList.add("focused");
    if (option.autocomplete) askChoices(field);
  });
  input.addEventListener("blur", () => {
    wrap.classList.remove("focused");
    setTimeout(hideUnlessTyping, 100);
  });
  input.addEventListener("input", () => {
    wrap.classList.remove("missing");
    field.chosen = null;
    if (option.autocomplete) { clearTimeout(box.timer); box.timer = setTimeout(() => askChoices(field), 150); }
  });
  input.addEventListener("keydown", (event) => keys(event));
  wrap.append(input);
  return wrap;
}

function fieldValue(field) {
  const { option, input } = field;
  if (field.chosen && field.chosen.name === input.value) return field.chosen.value;
  if (input.value === "") return null;
  if (option.choices && option.choices.length) return JSON.parse(input.value);
  if (option.type === 4) return Number.parseInt(input.value, 10);
  if (option.type === 10) return Number.parseFloat(input.value);
  return input.value;
}

function optionValues(except) {
  const values = {};
  for (const field of box.fields) {
    if (field === except) continue;
    const value = fieldValue(field);
    if (value !== null && !Number.isNaN(value)) values[field.option.name] = value;
  }
  return values;
}

async function askChoices(field) {
  const asked = ++box.asked;
  const options = optionValues(field);
  options[field.option.name] = field.input.value;
  const answer = await api("/api/autocomplete", { channel_id: S.current, command: box.command.path,
    focused: field.option.name, options });
  if (asked !== box.asked || document.activeElement !== field.input) return;  // typed on since
  if (!answer.ok) { toast(answer.data.error || "No choices."); return; }
  showPopup(field.option.name, answer.data.choices.map((c) => ({ label: c.name, choice: c })), (item) => {
    field.chosen = item.choice;
    field.input.value = item.choice.name;
    hidePopup();
  });
}

function cancelCommand() {
  box.command = null;
  box.fields = [];
  $("options").replaceChildren();
  $("command-chip").hidden = true;
  $("text").hidden = false;
  $("text").value = "";
  hidePopup();
  $("text").focus();
}

function keys(event) {
  const open = !$("suggestions").hidden && box.popup.length;
  if (event.key === "ArrowDown" && open) { event.preventDefault(); movePopup(1); }
  else if (event.key === "ArrowUp" && open) { event.preventDefault(); movePopup(-1); }
  else if ((event.key === "Enter" || event.key === "Tab") && open) {
    event.preventDefault();
    box.pick(box.popup[box.active]);
  } else if (event.key === "Enter" && box.command && !event.isComposing) {
    event.preventDefault();  // a menu (a <select>) does not send the form by itself
    submit(event);
  } else if (event.key === "Escape") {
    if (open || !$("suggestions").hidden) hidePopup(); else if (box.command) cancelCommand();
  } else if (event.key === "Backspace" && box.command && event.target.value === "" &&
             event.target === box.fields[0]?.input) {
    cancelCommand();
  }
}

async function submit(event) {
  event.preventDefault();
  if (box.command) {
    const missing = box.fields.filter((f) => f.option.required && fieldValue(f) === null);
    missing.forEach((f) => f.wrap.classList.add("missing"));
    if (missing.length) { missing[0].input.focus(); return; }
    const command = box.command.path;
    const answer = await api("/api/command", { channel_id: S.current, command, options: optionValues(null) });
    if (!answer.ok) { toast(answer.data.error || "That did not work."); return; }
    cancelCommand();
    return;
  }
  const text = $("text").value.trim();
  if (!text) return;
  if (text.startsWith("/")) {
    const exact = flatCommands().find((c) => c.path === text.slice(1).trim().replace(/\s+/g, " "));
    if (exact) chooseCommand(exact); else suggestCommands();
    return;
  }
  const answer = await api("/api/say", { channel_id: S.current, text });
  if (!answer.ok) { toast(answer.data.error || "That did not work."); return; }
  $("text").value = "";
}

// ----------------------------------------------------------------------- live updates

function load(state) {
  S.me = state.me;
  S.server = state.server;
  S.channels = state.channels;
  S.commands = state.commands;
  S.members = new Map(state.members.map((m) => [m.id, m]));
  S.online = new Set(state.online);
  S.messages = new Map();
  for (const [channelId, list] of Object.entries(state.messages)) {
    const messages = channelMessages(channelId);
    for (const message of list) messages.set(message.id, message);
  }
  $("join").hidden = true;
  $("app").hidden = false;
  $("server-name").textContent = S.server.name;
  $("server-icon").textContent = initial(S.server.name);
  $("server-icon").title = S.server.name;
  $("me-name").textContent = S.me.name;
  $("me-avatar").textContent = initial(S.me.name);
  document.title = `${S.me.name} — Kadi sandbox`;
  renderMembers();
  const wanted = sessionStorage.getItem(CHANNEL);
  const channel = S.channels.find((c) => c.id === wanted) || S.channels[0];
  showChannel(channel.id);
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/api/live`);
  S.ws = ws;
  ws.addEventListener("open", () => ws.send(JSON.stringify({ key: S.key })));
  ws.addEventListener("message", (event) => {
    const data = JSON.parse(event.data);
    if (data.t === "ready") { S.retry = 0; $("connection").textContent = "connected"; }
    else if (data.t === "message") upsert(data.message);
    else if (data.t === "deleted") remove(data.id, data.channel_id);
    else if (data.t === "member") { S.members.set(data.member.id, data.member); renderMembers(); }
    else if (data.t === "online") { S.online = new Set(data.online); renderMembers(); }
    else if (data.t === "unknown") { forget(); }
  });
  ws.addEventListener("close", () => {
    if (S.ws !== ws || !S.key) return;
    $("connection").textContent = "reconnecting…";
    S.retry = Math.min(S.retry + 1, 10);
    setTimeout(reconnect, 500 * S.retry);
  });
}

async function reconnect() {
  const answer = await api("/api/state");
  if (answer.status === 401) { forget(); return; }
  if (!answer.ok) { setTimeout(reconnect, 2000); return; }
  load(answer.data);  // whatever changed while the page was away
  connect();
}

function forget() {
  sessionStorage.removeItem(KEY);
  S.key = null;
  if (S.ws) { const ws = S.ws; S.ws = null; ws.close(); }
  $("app").hidden = true;
  $("join").hidden = false;
  $("join-name").focus();
}

async function start() {
  $("join-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = $("join-name").value.trim();
    const answer = await api("/api/join", { name });
    if (!answer.ok) { $("join-error").textContent = answer.data.error || "Could not join."; return; }
    S.key = answer.data.key;
    sessionStorage.setItem(KEY, S.key);
    load(answer.data.state);
    connect();
    $("text").focus();
  });
  $("leave").addEventListener("click", forget);
  $("composer").addEventListener("submit", submit);
  const text = $("text");
  text.addEventListener("input", () => {
    if (text.value.startsWith("/") && !box.command) suggestCommands(); else hidePopup();
  });
  text.addEventListener("keydown", keys);
  text.addEventListener("blur", () => setTimeout(hideUnlessTyping, 100));
  if (S.key) {
    const answer = await api("/api/state");
    if (answer.ok) { load(answer.data); connect(); return; }
  }
  forget();
}

start();
