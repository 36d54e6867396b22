"""Short text files in a legacy code page, without a BOM or a declared charset.

Each text is written here and encoded by the test itself, so the expected decoded text is the
very string encoded: nothing to check by hand but that each string is written in the language
its code page serves (Japanese for Shift_JIS and EUC-JP, Russian and Ukrainian for KOI8-R and
windows-1251, Polish, Czech, Hungarian, Croatian, Slovene and Romanian for windows-1250 and
ISO-8859-2, Turkish for
windows-1254, Hebrew for windows-1255, Chinese for GB18030 and Big5, Korean for EUC-KR, Greek
for windows-1253 and ISO-8859-7, Lithuanian, Latvian and Estonian for windows-1257, Arabic for
windows-1256 and ISO-8859-6; German, French, Spanish, Portuguese, Danish, Icelandic and Estonian
for windows-1252). The strings read in the wrong code page that the tests count signs of mojibake
in are written as that code page reads the right one's bytes (checked by hand: windows-1252 reads
Croatian č as è, ć as æ, Polish ę as ê, ś as œ, Romanian ă as ã; ISO-8859-2 reads « » as Ť ť).
"""

from __future__ import annotations

import base64

import pytest

from indexer import extract
from indexer.sniff import (
    _oddities,
    damaged_utf8,
    decode_text,
    detect_encoding,
    looks_binary,
    unicode_encoding,
)

NON_WESTERN = [
    ("shift_jis", "こんにちは世界。\n今日は良い天気ですね。\n明日も晴れるでしょう。"),
    ("euc_jp", "こんにちは世界。\n今日は良い天気ですね。\n明日も晴れるでしょう。"),
    # a few of EUC-JP's byte pairs are UTF-8 sequences too: no "damaged UTF-8"
    ("euc_jp", "日本語のテキストです。\nカタカナとひらがな。"),
    ("koi8-r", "Привет, мир!\nКак дела?\nВсё хорошо."),
    ("koi8-r", "ВНИМАНИЕ: ТЕСТ\nЭто проверка связи."),
    ("cp1251", "Привет, мир!\nКак дела?"),
    ("cp1251", "Україна — це держава.\nЇжак і їжачок."),
    ("cp1250", "Zażółć gęślą jaźń.\nŁódź jest dużym miastem w Polsce.\nCzęść druga."),
    ("cp1250", "Łódź, Kraków i Wrocław.\nŻółw śpi."),
    ("cp1250", "Příliš žluťoučký kůň úpěl ďábelské ódy.\nČeská republika."),
    ("gb18030", "中华人民共和国\n北京市"),
    ("euc_kr", "안녕하세요\n세계"),
    # Polish whose only letters beyond ASCII are ę and ń: ê and ñ in windows-1252, which no one
    # language writes together
    ("cp1250", "Dzień dobry, panie Janie. Ten koń pije wodę, a potem idzie na pole. Widzę go co dzień."),
    # Hungarian's ő and ű are õ and û in windows-1252 (Portuguese and French letters), the rest
    # the same; ISO-8859-2 reads it as windows-1250 does
    ("cp1250", "Az őszi erdőben hűvös szél fúj. A nagymamám kötött nekem egy meleg sálat."),
    ("iso8859_2", "Holnap elutazunk Győrbe, ahol a barátaink várnak minket. Tűzön főtt a leves."),
    ("iso8859_2", "Jutro idziemy do kina z przyjaciółmi. Świetnie się bawiliśmy, że aż ścieżka zniknęła."),
    ("iso8859_2", "Včera jsme byli v kině a potom jsme šli na večeři. Film se nám moc líbil."),
    # Turkish's ı, ş, ğ and İ are Icelandic's ý, þ, ð and Ý in windows-1252
    ("cp1254", "Bugün hava çok güzel. Akşam arkadaşlarımla sahilde yürüyüş yapacağız."),
    ("cp1254", "İyi günler! Siparişiniz kargoya verildi."),
    # Hebrew reads as Russian in windows-1251, made of its rare letters (щ, ъ, ш, й)
    ("cp1255", "שלום לכולם. היום מזג האוויר נעים מאוד, ואנחנו הולכים לטייל בפארק."),
    ("cp1255", "תודה רבה על העזרה! נתראה מחר."),
    # EUC-JP with kanji only, no kana: it reads as Chinese or Korean as well
    ("euc_jp", "日本国憲法"),
    ("euc_jp", "東京都新宿区西新宿二丁目八番一号"),
    ("euc_jp", "営業時間 午前九時 午後五時\n定休日 土曜日 日曜日 祝日"),
    ("euc_jp", "令和五年四月一日施行\n個人情報保護規程"),
    ("euc_jp", "取扱説明書\n目次\n安全上注意"),
    ("shift_jis", "本日休業"),
    ("big5", "這是一個簡單的測試檔案。"),
    ("euc_kr", "오늘 날씨가 정말 좋네요. 공원에 산책하러 갈까요?"),
    # Greek read as Cyrillic before windows-1253 and ISO-8859-7 were tried ("КблзмЭсб кьуме")
    ("cp1253", "Η γρήγορη καφέ αλεπού πηδάει πάνω από τον τεμπέλη σκύλο."),
    ("cp1253", "Καλημέρα κόσμε. Τι κάνεις σήμερα;"),
    # ISO-8859-7's Ά is 0xB6, windows-1253's ¶: read so, a sign glued to a word
    ("iso8859_7", "Άνοιξη στην Αθήνα: «Όλα καλά» ― είπε ο Άρης."),
    # Lithuanian and Latvian read as windows-1252 ("Ðiandien graþus", "mçs"), Estonian's š and ž
    # as Icelandic ð and þ
    ("cp1257", "Labas rytas, kaip sekasi? Šiandien gražus oras ir mes einame į parką."),
    ("cp1257", "Valdība vakar apstiprināja nodokļu likumprojektu. Izmaiņas stāsies spēkā nākamgad."),
    ("cp1257", "Tšehhi ja Slovakkia mängisid žürii ees. Šokolaad oli hea."),
    # Arabic read as Cyrillic ("гСНИЗ ИЗбЪЗбг"); ISO-8859-6 leaves most of its upper half undefined
    ("cp1256", "مرحبا بالعالم. كيف حالك اليوم؟"),
    ("cp1256", "ذهب الطالب إلى المدرسة صباحاً، ثم عاد إلى البيت."),
    ("iso8859_6", "ذهب الطالب إلى المدرسة صباحا، ثم عاد إلى البيت."),
    # windows-1252 "Ayrýntýlý uyarý": Turkish ı is Icelandic ý there, one of its rarest letters
    ("cp1254", "Ayrıntılı uyarı iletilerini göster."),
    # a Turkish word of ü and ğ alone stays Turkish: in windows-1257 it reads "yürürlüše", whose
    # š Estonian writes in loanwords only
    ("cp1254", "yürürlüğe"),
    # Ukrainian in KOI8-U: its і ї є ґ are box-drawing signs in KOI8-R ("Ки╖в", "Льв╕в")
    ("koi8_u", "Добрий день! Як у вас справи? Ми їдемо до Києва."),
    ("koi8_u", "Львів, Харків, Одеса"),
    ("koi8_u", "Ґанок і їжак"),
    # Persian in windows-1256 (its ye written as Arabic's ي, the code page having no ی): پ چ ژ گ
    # are no Arabic letters, and the zero-width non-joiner inside "مي‌خواهم" no stray sign
    ("cp1256", "کتاب چاپ شده ژاله"),
    ("cp1256", "مي\u200cخواهم بروم."),
    # Greek in capitals drops its accents: read as KOI8-R, lower-case Russian ("одос стадиоу")
    ("cp1253", "ΟΔΟΣ ΣΤΑΔΙΟΥ 12, ΑΘΗΝΑ"),
    ("iso8859_7", "ΟΔΟΣ ΣΤΑΔΙΟΥ 12, ΑΘΗΝΑ"),
    ("cp1253", "ΥΠΟΥΡΓΕΙΟ ΠΑΙΔΕΙΑΣ"),
    ("cp1253", "ΤΙΜΟΛΟΓΙΟ ΠΩΛΗΣΗΣ"),
    # Greek capitals read as KOI8-R are small Russian letters ("пяосовг", "енодос йимдумоу") whose
    # letters alone cost as much as Greek's: Ρ is я before a vowel, Κ й before one, -Η and -ΗΣ close
    # a word in г after a consonant or in гс, -ΟΥ in оу
    ("cp1253", "ΠΡΟΣΟΧΗ"),
    ("iso8859_7", "ΕΞΟΔΟΣ ΚΙΝΔΥΝΟΥ"),
    ("cp1253", "ΔΕΛΤΙΟ ΤΥΠΟΥ"),
    ("cp1253", "ΣΤΟΙΧΕΙΑ ΠΕΛΑΤΗ"),
    ("iso8859_7", "ΧΡΟΝΙΑ ΠΟΛΛΑ"),
    ("cp1253", "ΠΕΡΙΕΧΟΜΕΝΑ"),
    ("iso8859_7", "ΒΙΒΛΙΟΓΡΑΦΙΑ"),
]

#: Words or short lines whose bytes decide, each read in another code page a sign of mojibake
#: (sniff._OUT_OF_PLACE), or bytes holding a UTF-8 sequence by chance
SHORT = [
    # windows-1252 "Poznañ", "Gdañsk": Spanish writes ñ before a vowel only
    ("cp1250", "Poznań"),
    ("cp1250", "Gdańsk"),
    # windows-1252 "Êè¿â": the ¿ that opens a Spanish question after a letter
    ("cp1251", "Київ"),
    # as UTF-8, two valid sequences (U+0333 from CC B3, U+01BB from C6 BB) and two damaged bytes
    ("euc_jp", "北海道"),
    # as UTF-8, one valid sequence (E6 90 B6) and one damaged byte (0x90)
    ("shift_jis", "先生"),
    # windows-1252 "Ki¿v" (¿ after a letter), windows-1251 "Ки§в"
    ("koi8_u", "Київ"),
    # the Arabic question mark is written after a word as "?" is
    ("cp1256", "چرا؟"),
    # windows-1252 "Ðeðtadiená": no Icelandic word opens with ð
    ("cp1257", "Šeštadienį"),
    # windows-1252 "Èeské Budìjovice", "Mìsto Plzeò", "Dìèín": Italian writes ì on a word's last
    # vowel only
    ("cp1250", "České Budějovice"),
    ("cp1250", "Město Plzeň"),
    ("iso8859_2", "Ústí nad Labem, Děčín"),
    # windows-1252 "Kadýköy, Beþiktaþ": Icelandic writes no þ after a vowel
    ("cp1254", "Kadıköy, Beşiktaş"),
    ("iso8859_9", "Şişli, İstanbul"),
    # windows-1250 "Điauliai", "Đvietimas": Croatian đ opens a word before a vowel only (Đakovo, đak)
    ("cp1257", "Šiauliai"),
    ("cp1257", "Švietimas"),
    ("cp1257", "Šis namas yra senas."),
    # windows-1250 "Ţiţli", "Kuţlar": Romanian writes ţ before a vowel or at a word's end only
    ("cp1254", "Şişli"),
    ("cp1254", "Şişli'de oturuyorum."),
    ("cp1254", "Kuşlar"),
    # windows-1252 "Plzeò", "Tøeboò": Italian and Catalan write no ò after a vowel at a word's end
    ("cp1250", "Plzeň"),
    ("cp1250", "Třeboň"),
    ("cp1250", "Jeleň a píseň"),
    # windows-1252 "Wyœwietla informacjê", "wartoœci", "Œwiat": French writes œ before u and i, in a
    # few learned words before s, t, d, n, l, never before w or a c but that of "œcuménique"
    ("cp1250", "Wyświetla informację o wersji."),
    ("cp1250", "przekazanie jej wartości jako argumentu"),
    ("cp1250", "Świat"),
    # windows-1252 "Narzêdzia", "byæ", "Jeœli", "siê wiêcej": French and Portuguese write ê before no d
    # or c (but that of "pêche"), nor after i closing a word; Danish æ and French œ follow no vowel
    ("cp1250", "Narzędzia"),
    ("cp1250", "być"),
    ("cp1250", "Jeśli"),
    ("cp1250", "dowiedzieć się więcej."),
    # windows-1252 "velièinu", "æe", "toèku", "pomoæu", "utiènica", "Èe": French and Italian write è
    # before no vowel, k or n and a vowel but e; Danish æ comes before no e, a, u
    ("cp1250", "Zanemari veličinu slova prilikom podudaranja."),
    ("cp1250", "Zahtjev će se ispuniti samo ako navede točku."),
    ("cp1250", "pomoću"),
    ("cp1250", "utičnica"),
    ("cp1250", "Če datoteka ne obstaja, bo ustvarjena."),
    # windows-1252 "Urmãtorul", "dacã", "insereazã", "douã", "limitatã": Portuguese writes ã before o,
    # e, i or closing a word after other letters ("irmã", "cristã")
    ("cp1250", "Următorul"),
    ("cp1250", "dacă"),
    ("cp1250", "inserează"),
    ("cp1250", "două"),
    ("cp1250", "limitată"),
    ("cp1250", "Aceasta este măsurată drept"),
    # windows-1252 "mezõ", "képernyõn", "betûi", "nevû": Portuguese writes õ before e only, Estonian
    # writes no é; French writes û before no vowel, nor closing a word after z, v, s
    ("cp1250", "mező"),
    ("cp1250", "a képernyőn"),
    ("cp1250", "Az ABC kis betűi"),
    ("cp1250", "nevű"),
    # windows-1252 "Pøi", "volitelnì": Danish and Norwegian write ø before no i; Italian writes a last ì
    # after a vowel and n only ("finì")
    ("cp1250", "Při"),
    ("cp1250", "volitelně"),
    # windows-1252 "úèty", "KLÍÈ", "èlenové": no language of windows-1252 writes è after ú or Í, nor
    # opening a word before l
    ("cp1250", "pro zablokované účty."),
    ("cp1250", "K KLÍČ=HODNOTA"),
    ("cp1250", "členové"),
]

WESTERN = [
    "Grüße aus München!\nDie Straße ist schön.\nÜbermorgen kommt der Bär.",
    "ÄRGER IM BÜRO\nDie STRASSE heißt Übergasse.",
    "Café crème à côté de l'église.\nÇa coûte 5 € — «très cher».\nNoël approche.",
    "El niño comió piñata.\n¿Dónde está la señora?\n¡Olé!",
    "“Quoted” text – with dashes… and ‘single’ quotes.\nGröße: 5 €",
    "São Paulo: ações e informações.\nAÇÃO!",
    "Ærø og Åland på øen.\nÞór og Ísland.",
    "Microsoft Windows™ and Office®.\nx±y, a×b, 20°C, 5 m², 3½ Stück.",
    # õ is Estonian and Portuguese as well as misread Hungarian ő
    "Tänane õhtu oli väga ilus. Me käisime jõe ääres jalutamas ja nägime palju linde.",
    "Olá! Amanhã vamos à praia com as crianças. Não se esqueçam do protetor solar.",
    # ý, þ and ð are Turkish letters misread as well as Icelandic ones
    "Ég fór í sund í gær og hitti gamlan vin. Við fengum okkur kaffi á eftir.",
    "Mañana iremos al mercado para comprar frutas y verduras.",
    # a word or two whose letters another code page's language has as well (Romanian ă, Turkish ş,
    # Polish ś): windows-1252 is the likelier code page
    "São João",
    "Guimarães",
    "Þingvellir",
    "Œuvre",
    # ì and ù on a word's last vowel, ù in "où"
    "Così è la vita, più o meno. Lunedì e martedì.",
    "Où est la gare ?",
    # þ opening a word or a compound's part after a consonant
    "Þetta er þitt. Alþingi",
    # œ is Polish ś in windows-1250, which Polish writes before no vowel ("cśur")
    "Le cœur de ma sœur bat pour l'œuvre de sa vie.",
    "Les mœurs et les vœux, un œuf et un bœuf.",
    # è is Czech č in windows-1250 ("systčme"), « and » are Ť and ť in ISO-8859-2 ("Ť local ť")
    "Le système de fichiers de la bibliothèque.",
    "PARAMÈTRES OBSOLÈTES",
    "Active le mode « local » et « cat ».",
    "las opciones «lsbsysinit» o «regex»",
]


@pytest.mark.parametrize(("codec", "text"), NON_WESTERN)
def test_a_short_text_in_a_legacy_code_page_is_read_in_it(codec, text):
    assert decode_text(text.encode(codec))[0] == text


@pytest.mark.parametrize(("codec", "text"), SHORT)
def test_a_short_text_is_read_in_the_code_page_its_bytes_tell(codec, text):
    assert decode_text(text.encode(codec))[0] == text


def test_greek_that_reads_alike_in_windows_1253_and_iso_8859_7_is_named_windows_1253():
    # no Ά, no quote and nothing in 0x80-0x9F: the same bytes in either
    text = "Η γρήγορη καφέ αλεπού πηδάει πάνω από τον τεμπέλη σκύλο."
    assert text.encode("iso8859_7") == text.encode("cp1253")
    assert decode_text(text.encode("iso8859_7")) == (text, "cp1253")


@pytest.mark.parametrize("text", WESTERN)
def test_a_short_western_text_stays_windows_1252(text):
    decoded, encoding = decode_text(text.encode("cp1252"))
    assert (decoded, encoding) == (text, "cp1252")


def test_the_text_csv_and_markdown_extractors_read_the_code_page():
    txt = extract("Привет, мир!\nКак дела?\n".encode("koi8-r"), filename="note.txt")
    assert "Привет, мир!" in txt.text and "Как дела?" in txt.text
    csv = extract("Miasto;Ludność\nŁódź;670000\nKraków;780000\n".encode("cp1250"), filename="miasta.csv")
    assert "Łódź" in csv.text and "Ludność" in csv.text
    md = extract("# 今日の天気\n\n明日も晴れるでしょう。\n".encode("euc_jp"), filename="tenki.md")
    assert "今日の天気" in md.text and "明日も晴れるでしょう。" in md.text


def test_the_text_csv_and_html_extractors_read_greek_baltic_and_arabic_code_pages():
    txt = extract("Καλημέρα κόσμε.\nΗ Αθήνα είναι η πρωτεύουσα.\n".encode("cp1253"), filename="note.txt")
    assert "Καλημέρα κόσμε." in txt.text and "Η Αθήνα είναι η πρωτεύουσα." in txt.text
    csv = extract(
        "Miestas;Gyventojai\nVilnius;588000\nKlaipėda;158000\nŠiauliai;107000\n".encode("cp1257"),
        filename="miestai.csv",
    )
    assert "Klaipėda" in csv.text and "Šiauliai" in csv.text
    page = "<html><body><h1>القاهرة</h1><p>مرحبا بالعالم. كيف حالك اليوم؟</p></body></html>"
    html = extract(page.encode("cp1256"), filename="salam.html")
    assert "القاهرة" in html.text and "مرحبا بالعالم. كيف حالك اليوم؟" in html.text


# Signs of a wrong reading, counted by hand from the rules (sniff._oddities): a word of accented
# Latin letters only; a capital after a small letter where one is not ASCII; a stray sign (¶, not
# one written beside letters as ± is) beside a letter; a combining mark after no letter; a C1
# control or a private use character alone; a Latin letter beside a Cyrillic one, a Hangul syllable
# beside an ideograph (GrьЯe: r-ь two scripts, ь-Я small then capital, Я-e two scripts); рТЙЧЕФ
# ("привет" in KOI8-R read as windows-1251) a capital after a small letter and a Й after a consonant.
ODDITIES = [
    ("Ïðèâåò", 1),
    ("рТЙЧЕФ", 2),
    ("a¶b", 1),
    ("x±y", 0),
    (" \u05b0", 1),
    ("\u05d1\u05b0", 0),
    ("a\x85b", 1),
    ("\ue000", 1),
    ("GrьЯe", 3),
    ("iPhone café", 0),
    ("한字", 1),
    # a character met out of its place: ¿ after a letter, ñ before no vowel, a Greek capital with
    # an accent inside a word, a final sigma inside one, ³ between two letters and œ before æ in
    # "mi³oœæ" (none in the rest)
    ("Êè¿â", 1),
    ("¿Qué?", 0),
    ("Poznañ", 1),
    ("España", 0),
    ("ΘΛΆΜ", 1),
    ("Άρθρο", 0),
    ("λόγςος", 1),
    ("λόγος", 0),
    ("mi³oœæ", 2),
    ("5 m³", 0),
    # ð and Turkish ğ open no word, ì and ù end one, þ follows no vowel; Arabic punctuation and
    # the zero-width non-joiner are written beside letters
    ("Ðeðtadiená", 1),
    ("Við erum", 0),
    ("Ğeştadienis", 1),
    ("Doğu", 0),
    ("Budìjovice", 1),
    ("mùžeme", 1),
    ("così più où", 0),
    ("Beþiktaþ", 2),
    ("Alþingi", 0),
    ("چرا؟ بله، مي\u200cخواهم", 0),
]


@pytest.mark.parametrize(("text", "count"), ODDITIES)
def test_the_signs_of_a_wrong_reading_are_counted(text, count):
    assert _oddities(text) == count


def test_greek_capitals_read_as_russian_show_letters_out_of_place_and_russian_none():
    # "ΠΡΟΣΟΧΗ" read as KOI8-R: я after a letter before о, г closing a word after в
    assert _oddities("пяосовг") == 2
    # "ΚΙΝΔΥΝΟΥ": й before и, оу closing a word; "ΤΗΣ": гс closing one
    assert _oddities("йимдумоу") == 2
    assert _oddities("тгс") == 1
    # Russian writes й before о in loanwords, оу closing "шоу", г after л or з and in "кг" alone, я
    # after a letter before a consonant or at a word's end
    assert _oddities("район, майор, шоу, долг, мозг, 5 кг, моя, стоят") == 0


def test_baltic_turkish_and_czech_letters_read_in_windows_1250_or_1252_show_letters_out_of_place():
    # Lithuanian "Šiauliai" in windows-1250: a Croatian đ opening a word before i
    assert _oddities("Điauliai") == 1
    assert _oddities("Đakovo, đak, međa, Đurđevac") == 0
    # Turkish "Şişli" in windows-1250: a Romanian ţ before l (the first, before i, is in place)
    assert _oddities("Ţiţli") == 1
    assert _oddities("Ţara, preţ, naţional, ţiglă") == 0
    # Czech "Plzeň" in windows-1252: ò after e closing a word
    assert _oddities("Plzeò") == 1
    assert _oddities("però, può, ciò, farò, això, història") == 0


def test_polish_read_as_french_and_french_read_as_polish_show_letters_out_of_place():
    # Polish "Wyświetla", "wartości", "coś", "Świat" in windows-1252: œ before w, a c, at a word's end
    assert _oddities("Wyœwietla wartoœci coœ Œwiat") == 4
    assert _oddities("cœur sœur œuvre œil œcuménique œsophage fœtus Œdipe") == 0
    # French "cœur", "mœurs" in windows-1250: ś before u
    assert _oddities("cśur mśurs") == 2
    assert _oddities("coś, jesień, źródło, koń, Gdańsk, Świat, siedem") == 0


ASCII_PAGE = (
    "<html><head><title>Pumps</title></head>"
    "<body><h1>Pumps</h1><p>The pump moves water uphill.</p></body></html>"
)


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be"])
def test_an_ascii_web_page_in_utf16_or_utf32_without_a_bom_is_read_in_it(codec):
    # valid UTF-8 as well, a NUL beside each character: read so, its tags were text
    page = extract(ASCII_PAGE.encode(codec), filename="pumps.html")
    assert page.text == "Pumps\n\nThe pump moves water uphill."
    assert page.metadata["title"] == "Pumps"


def test_a_mail_html_part_in_utf16_without_a_bom_or_charset_is_read_in_it():
    body = base64.encodebytes(ASCII_PAGE.encode("utf-16-le")).decode("ascii")
    mail = (
        "From: ana@example.com\nTo: ben@example.com\nSubject: Pumps\nMIME-Version: 1.0\n"
        "Content-Type: text/html\nContent-Transfer-Encoding: base64\n\n" + body
    )
    text = extract(mail.encode("ascii"), filename="pumps.eml").text
    assert text.endswith("Subject: Pumps\n\nPumps\n\nThe pump moves water uphill.")


def test_damaged_utf8_counts_a_written_replacement_character_as_utf8():
    # "naïve", a U+FFFD written as UTF-8, then a damaged byte: two valid sequences, two U+FFFD read
    assert damaged_utf8("naïve \ufffd ".encode() + b"\xff")
    assert not damaged_utf8("café crème".encode("cp1252"))


def test_unicode_encoding_names_unicode_alone():
    text = "Zürich, Genève"
    assert unicode_encoding(text.encode()) == "utf-8"
    assert unicode_encoding(b"plain ASCII") == "utf-8"
    assert unicode_encoding(text.encode("utf-16")) == "utf-16-le"  # its BOM, little-endian here
    assert unicode_encoding(text.encode("utf-16-be")) == "utf-16-be"
    assert unicode_encoding(text.encode("utf-32-le")) == "utf-32-le"
    assert unicode_encoding(text.encode("utf-32-be")) == "utf-32-be"
    # a code page's bytes, damaged UTF-8: no guess, which detect_encoding goes on to make
    assert unicode_encoding(text.encode("cp1252")) is None
    assert detect_encoding(text.encode("cp1252")) == "cp1252"
    assert unicode_encoding(text.encode() + b"\xff") is None
    # 32-bit numbers whose high bytes are NUL are no UTF-32 text (control characters), nor is
    # a plane's number before two letters
    assert looks_binary(bytes.fromhex("01000000 02000000 03000000 0a000000"))
    assert looks_binary(bytes.fromhex("00016269 00016269"))


def test_french_e_grave_read_in_windows_1250_shows_c_caron_out_of_place():
    # č closing a word in the endings of "-ème", "-èque", "-ès", "-ètres", and alone (Italian "è")
    assert _oddities("systčme bibliothčque accčs č PARAMČTRES") == 5
    assert _oddities("začne, mačke, čte, člen, klíč, večer, Čech") == 0


def test_quotes_read_in_iso_8859_2_show_t_caron_out_of_place():
    # German "»set uc=200«": ť opening a word before s, Ť after a digit; Spanish "«local»": Ť
    # opening a word before l, ť closing one after l
    assert _oddities("mit ťset uc=200Ť aufgehoben") == 2
    assert _oddities("Ťlocalť") == 2
    assert _oddities("Ťažký ťah, ťava, radosť, smrť, robiť, nechť, päť") == 0


def test_croatian_polish_and_romanian_read_in_windows_1252_show_letters_out_of_place():
    # Croatian "način", "Čeka", "će", "kuća", "moći", "zajednička", "utičnica", Polish "być": è before
    # a vowel, a k, an n and i; æ before e, a or after a vowel
    assert _oddities("naèin Èeka æe kuæa moæi zajednièka utiènica byæ") == 8
    assert _oddities("Knæ og træ, væske, Lætitia, vitæ, phénomène, scène, très, tècnic, è") == 0
    # Polish "narzędzia", "język", "więcej", "pamięć", "się", "Jeśli": ê before d, z, c, æ, closing
    # a word after i; œ after a vowel
    assert _oddities("narzêdzia jêzyk wiêcej pamiêæ siê Jeœli") == 6
    assert _oddities("fenêtre, pêche, même, você, três, ciência, gênero, cœur, œil, sœur") == 0
    # Romanian "următorul", "două", "inserează", "dacă", "limitată", "ăsta": ã before t, closing a
    # word after u, z, c, "at", and before an s that a letter follows
    assert _oddities("urmãtorul douã insereazã dacã limitatã ãsta") == 6
    assert _oddities("mão, mãe, cãibra, irmã, irmãs, lã, cristã, maçã, alemães") == 0


def test_hungarian_and_czech_read_in_windows_1252_show_letters_out_of_place():
    # Hungarian "mező", "képernyőn", "leskelődést", "parancsértelmezők", "megelőzvén": õ closing a word,
    # or before a letter but e in a word with é; "elõtt" has no acute, and Estonian writes it so
    assert _oddities("mezõ képernyõn leskelõdést parancsértelmezõk megelõzvén elõtt") == 5
    assert _oddities("ações, opções, põe, põem, Camões, sõna, jõud, Tõnu, mõõt, põõsas, õhtu") == 0
    # Hungarian "betűi", "nevű", "kezelésű", "véletlenszerűségén", "betűjét": û before a vowel, s, j,
    # or closing a word after v, s
    assert _oddities("betûi nevû kezelésû véletlenszerûségén betûjét") == 5
    assert _oddities("sûr, dû, crû, mû, août, goût, flûte, brûler, bûche, jeûne, piqûre, dûment, fûmes") == 0
    # Czech "při", "příkaz", "zařazena": ø before i, í, a; "volitelně", "chybně", "ohledně": ì closing
    # a word after an n that follows a consonant
    assert _oddities("pøi pøíkaz zaøazena volitelnì chybnì ohlednì") == 6
    assert _oddities("søen, høy, øya, bøger, pølse, købe, Søren, frøet, øl, Ø") == 0
    assert _oddities("finì, unì, così, lunedì, sentì, partì, più, sì") == 0


def test_czech_read_in_windows_1252_shows_e_grave_out_of_place():
    # Czech "účty", "účet", "KLÍČ", "člen", "členové": è after ú or Í, or opening a word before l
    assert _oddities("úèty úèet KLÍÈ èlen èlenové") == 5
    # French "ère", "ès", "créèrent", Catalan "època", "èxit", "ètnic", "èmfasi", "ègida", Italian "È"
    assert _oddities("ère, ès, créèrent, època, èxit, ètnic, èmfasi, ègida, È vero, tècnic, problème") == 0


def test_turkish_words_of_several_dotless_i_are_not_read_as_icelandic():
    # windows-1252 reads ı, ğ and İ as Icelandic's ý, ð and Ý ("kullanýldýðýnda", "Ýkili"), a far smaller
    # share of its text than Turkish is of windows-1254's
    for text in ("kullanıldığında", "İkili kip.", "bağımlıdır"):
        assert decode_text(text.encode("cp1254")) == (text, "cp1254")
    # a lone ý of Czech or Slovak, which windows-1250 and windows-1252 read alike, is no Turkish ı; nor
    # is an Icelandic name
    assert decode_text("který".encode("cp1250"))[0] == "který"
    assert decode_text("Þingvellir".encode("cp1252")) == ("Þingvellir", "cp1252")


def test_koi8_r_and_windows_1251_read_in_each_other_show_letters_out_of_place():
    # Russian "программой", "это", "кэш", "уйти", "без" in KOI8-R read as windows-1251: nine consonants
    # in a row (ТПЗТБННПК), Ь opening a word, Ы after Ь, Й after a consonant, Ъ closing a word
    assert _oddities("РТПЗТБННПК ЬФП ЛЬЫ ХКФЙ ВЕЪ") == 5
    # "для" and "поля" in windows-1251 read as KOI8-R: ъ closing a word
    assert _oddities("дкъ онкъ") == 2
    # five consonants in a row at most ("агентство"); р is Serbian's vowel, ь ends a run; a word of
    # consonants alone is an abbreviation; й after a vowel or opening a word, ъ before a vowel, ь and
    # ы after a consonant (Bulgarian ъ a vowel, "ъгъл", ь before о, "шофьор")
    assert _oddities("взгляд, агентство, чувств, правительство, врх, извршна, ФССТНД") == 0
    assert _oddities("район, йод, йти, мой, объём, подъезд, ъгъл, шофьор, мыло, больше, семья") == 0


def test_cyrillic_read_as_greek_or_hebrew_or_western_shows_letters_out_of_place():
    # Russian "запускаться" in KOI8-R read as windows-1253: Ϊ opening a word, Ρ closing one after Σ
    assert _oddities("ΪΑΠΥΣΛΑΤΨΣΡ") == 2
    # "путь": Ψ closing a word after Τ
    assert _oddities("ΠΥΤΨ") == 1
    # the diaeresis parts a vowel from the one before it; ρ and ψ close a word after a vowel
    assert _oddities("προϊόν, ΠΡΟΪΟΝ, Αϊτή, νέκταρ, Πέλοψ, λάμψη") == 0
    # Ukrainian "щодо" in windows-1251 read as windows-1255: a mem closing a word, not its final form
    assert _oddities("שמהמ") == 1
    assert _oddities('שלום לכם, מ"מ, צה"ל') == 0
    # Serbian "тачно" in windows-1251 read as windows-1252: ч is ÷, between two letters beyond ASCII
    assert _oddities("òà÷íî") == 1
    assert _oddities("a×b, x÷y, 3×4, 2 × 3") == 0


#: words each read in the other code page shows a sign of a wrong reading (sniff._OUT_OF_PLACE), then
#: words of the same languages that write such letters where they may
CYRILLIC_WORDS = [
    # in windows-1251 "ЬФП", "РТПЗТБННПК", "ВЕЪ", "ЛЬЫ": Ь opening a word, nine consonants in a row,
    # Ъ closing a word, Ы after Ь
    ("koi8_r", "это"),
    ("koi8_r", "программой"),
    ("koi8_r", "без"),
    ("koi8_r", "кэш"),
    # in windows-1253 "ΪΑΠΥΣΛΑΤΨΣΡ", "ΙΣΠΟΜΨΪΥΕΤΣΡ": Ϊ after no vowel, Ρ closing a word after Σ; in
    # windows-1252 "×ÓÅ": × beside a letter beyond ASCII
    ("koi8_r", "запускаться"),
    ("koi8_r", "используется"),
    ("koi8_r", "все"),
    # in KOI8-R "ЛЮИАСРМЪ", "РНВЙС", "НОЬРЕ", "ЫНЯЭ": Ъ closing a word, Й after a consonant, Ь after a
    # vowel, Ы opening a word
    ("cp1251", "майбутня"),
    ("cp1251", "точку"),
    ("cp1251", "опште"),
    ("cp1251", "щось"),
    # in windows-1255 "שמהמ": a mem closing a word in the form Hebrew writes inside one; in windows-1252
    # "òà÷íî": ÷ between two letters
    ("cp1251", "щодо"),
    ("cp1251", "тачно"),
    # five consonants in a row, -нтств-; Serbian's vowel р; ь and ъ between consonants; й opening a word
    # before a consonant (Ukrainian) or after a hyphen
    ("koi8_r", "агентство"),
    ("cp1251", "агентство"),
    ("cp1251", "извршна"),
    ("cp1251", "врх"),
    ("koi8_r", "правительство"),
    ("cp1251", "здравствуйте"),
    ("cp1251", "объём"),
    ("cp1251", "шофьор"),
    ("cp1251", "йти"),
    ("koi8_r", "район"),
    ("cp1251", "Нью-Йорк"),
    # н, п, к, х opening a word read as windows-1255's final letters, as visual Hebrew would open words
    # with them: one such word is no sign of visual order
    ("cp1251", "праблемай"),
    ("cp1251", "хайда"),
    ("cp1251", "найшвидшого"),
    ("cp1251", "кешът"),
]


def test_short_cyrillic_words_are_read_in_the_code_page_their_letters_fit():
    misread = [(codec, text) for codec, text in CYRILLIC_WORDS if decode_text(text.encode(codec))[0] != text]
    assert misread == []
    # a product between ASCII letters or digits stays windows-1252
    assert decode_text("a×b = 3×4".encode("cp1252")) == ("a×b = 3×4", "cp1252")


#: Turkish, Romanian, Polish and Spanish words whose wrong reading shows a letter where the languages of
#: that code page do not write it (each read so before these signs were counted)
BYTES_TELL = [
    # windows-1252 "dosyayý", "yapýyor": no Icelandic, Faroese, Czech or Slovak word writes ý beside y
    ("cp1254", "dosyayı"),
    ("cp1254", "yapıyor"),
    # windows-1250 "geniţ", "giriţ": Romanian closes no word in ţ after i
    ("cp1254", "geniş"),
    ("cp1254", "giriş"),
    # windows-1257 "seēeneši": Latvian writes a j between ē and a vowel
    ("cp1254", "seçeneği"),
    # windows-1252 "acþiune", "Opþiuni": Icelandic has no c and writes no i before a vowel
    ("cp1250", "acţiune"),
    ("cp1250", "Opţiuni de depanare"),
    # windows-1252 "opcjê", "pamiêtaj": Portuguese and French write no ê after j, nor after i before t
    ("cp1250", "opcję"),
    ("cp1250", "pamiętaj"),
    # windows-1252 "curentã", "exactã", "lipsã", "simplã": Portuguese closes no word in ã after two such
    # consonants
    ("cp1250", "curentă"),
    ("cp1250", "exactă"),
    ("cp1250", "lipsă"),
    ("cp1250", "simplă"),
    # the "despuÃ" of Spanish UTF-8 read as windows-1252, in windows-1255 "despuֳ": a Hebrew vowel
    # point on a Latin letter
    ("cp1252", "despuÃ"),
]


@pytest.mark.parametrize(("codec", "text"), BYTES_TELL)
def test_turkish_romanian_polish_and_spanish_words_are_read_in_the_code_page_their_letters_tell(codec, text):
    assert decode_text(text.encode(codec))[0] == text


def test_letters_the_wrong_code_page_puts_where_its_languages_do_not_write_them_are_counted():
    # Turkish "kullanıcı", "dosyayı", "yapıyor" in windows-1252: ý after c, after y, before y
    assert _oddities("kullanýcý dosyayý yapýyor") == 3
    # Czech and Slovak ý, Icelandic ý beside y in "nýyrði" and after ð in "jarðýta"
    assert _oddities("který, celý, výzva, rychlý, nýyrði, jarðýta, sýna, Þýskaland") == 0
    # Romanian "acţiune", "funcţie" in windows-1252: þ after c, before i and a vowel
    assert _oddities("acþiune funcþie opþiuni") == 3
    assert _oddities("þjóð, þetta, samþykkt, Alþingi, þing") == 0
    # Polish "opcję", "rękę", "nazwę", "pamiętaj" in windows-1252: ê after j, k (and the first of "rêkê"
    # before k), w, after i before t
    assert _oddities("opcjê rêkê nazwê pamiêtaj") == 5
    assert _oddities("você, lê, três, ciência, fenêtre, prêt, bête, fazê-lo, Viêt Nam") == 0
    # Turkish "geniş", "iş" in windows-1250: ţ closing a word after an i that follows a vowel and a letter,
    # or opens the word; Romanian closes words in ţ after e, o, u, a consonant, and in the loan "bliţ"
    assert _oddities("geniţ iţ") == 2
    assert _oddities("preţ, hoţ, drăguţ, lanţ, bliţ, folosiţi, naţional") == 0
    # Turkish "seçenek", "içerik" in windows-1257: ē before a vowel
    assert _oddities("seēenek iēerik") == 2
    assert _oddities("abonēja, ēdiens, Izraēla, mēness") == 0
    # Romanian "curentă", "exactă", "lipsă", "simplă" in windows-1252: ã closing a word after nt, ct, ps, pl
    assert _oddities("curentã exactã lipsã simplã") == 4
    assert _oddities("irmã, cristã, manhã, maçã, clã, alemã, órfã, sã, lã, cidadã") == 0
    # a Hebrew vowel point on a Latin letter; on Hebrew letters it is in place
    assert _oddities("despu\u05b3") == 1
    assert _oddities("שָׁלוֹם") == 0
    # Icelandic, Portuguese and French text beside these signs stays windows-1252
    for text in (
        "Þetta nýyrði er gott.",
        "Jarðýtan er stór.",
        "A minha irmã é cristã e come maçã de manhã.",
        "Je suis allé au Viêt Nam.",
        "Você lê três livros.",
    ):
        assert decode_text(text.encode("cp1252")) == (text, "cp1252")


#: Icelandic words with a þ after a vowel, where a compound's part or a prefix (ó-, í-) ends in a vowel,
#: and Latvian words whose ī and ā windows-1252 reads as î and â (checked by hand: windows-1257 puts ī at
#: 0xEE, ā at 0xE2, windows-1252 î and â there)
BALTIC_AND_ICELANDIC = [
    ("cp1252", "óþekkt"),
    ("cp1252", "Óþekkt villa"),
    ("cp1252", "íþrótt"),
    ("cp1252", "Gátt FTP milliþjóns"),
    ("cp1252", "Táknmyndaþema"),
    ("cp1252", "Þetta er óþarfi."),
    ("cp1257", "darbību"),
    ("cp1257", "derīgs"),
    ("cp1257", "kādu"),
    ("cp1257", "Valdība"),
]


@pytest.mark.parametrize(("codec", "text"), BALTIC_AND_ICELANDIC)
def test_icelandic_thorn_after_a_vowel_and_latvian_long_i_and_a_are_read_in_their_code_page(codec, text):
    assert decode_text(text.encode(codec)) == (text, codec)


def test_thorn_after_a_vowel_and_circumflexes_where_latvian_puts_them_are_counted():
    # Turkish "Beşiktaş", "kişi", "başka" in windows-1252: þ after a vowel in a word with no acute; Lithuanian
    # "užduotį", "grįžti" in windows-1252: þ after a vowel before d, t
    assert _oddities("Beþiktaþ kiþi baþka") == 4
    assert _oddities("uþduotá gráþti") == 2
    # Icelandic þ after a vowel before a vowel, r or j, in a word with ó, í or an á inside it
    assert _oddities("óþekkt, íþrótt, milliþjóns, Táknmyndaþema, óþarfi, Alþingi") == 0
    # Latvian "darbību", "derīgs", "kādu" in windows-1252: î before b, g; â before d and a vowel
    assert _oddities("darbîbu derîgs kâdu") == 3
    # French î and â, Portuguese â, Turkish "vâde"
    assert (
        _oddities("île, gîte, dîner, abîme, maître, fraîche, âge, pâte, grâce, âme, câble, câmera, vâdesi")
        == 0
    )
    # Romanian "kârgâză" and its alphabet, the names "Nouâdhibou", "Andjazîdja", "mahâjanî"
    assert _oddities("kârgâză, HIÎJ, Nouâdhibou, Andjazîdja, mahâjanî") == 0
    # French and Portuguese text beside these signs stays windows-1252, Turkish "vâdesi" windows-1254
    for text in ("Il dîne dans l'île, à l'âge de vingt ans.", "A câmera e a lâmpada estão na mesa."):
        assert decode_text(text.encode("cp1252")) == (text, "cp1252")
    assert decode_text("Faturanın vâdesi geçti.".encode("cp1254")) == ("Faturanın vâdesi geçti.", "cp1254")
    assert decode_text("Republica kârgâză".encode("cp1250")) == ("Republica kârgâză", "cp1250")


def _visual(line: str) -> str:
    """A line of Hebrew (no digits nor Latin letters) as text stored in visual order holds it: its
    characters from the left of the screen to the right, the reverse of the order they are read in."""
    return line[::-1]


#: Hebrew in visual order, as old ISO-8859-8 mail and pages and translations made for terminals hold it:
#: every word reversed, so that each opens with its final letter ("ץבוקה" for "הקובץ")
VISUAL_HEBREW = [
    _visual("לא ניתן לפתוח את הקובץ"),
    _visual("ערכים מותרים: כן או לא"),
    "\n".join(map(_visual, ("שגיאה בזמן השמירה", "אין מספיק מקום בדיסק", "נסו שוב מאוחר יותר"))),
]


@pytest.mark.parametrize("text", VISUAL_HEBREW)
def test_hebrew_stored_in_visual_order_is_read_in_windows_1255(text):
    assert decode_text(text.encode("cp1255")) == (text, "cp1255")


def test_hebrew_in_visual_order_shows_no_letters_out_of_place_unless_they_are_out_of_place_both_ways():
    # each word opens with its final letter and closes with the form written inside a word
    assert _oddities(_visual("לא ניתן לפתוח את הקובץ")) == 0
    # read either way, a final letter inside a word is out of place
    assert _oddities(_visual("לא ניתן לפתוח את הקובץ") + " אםב") == 1
    # one word opening with a final letter does not make a text visual: "праблемай" in windows-1251
    # read as windows-1255
    assert _oddities("ןנאבכולאי") == 1


#: Hebrew's geresh and gershayim in abbreviations, "ארה״ב", "דו״ח", "מס׳", and after a letter that
#: writes a sound of another language, "ג׳ירפה", "צ׳יפס"
GERESH = [
    "ארה״ב",
    "Default: א״ס",
    "ראה דו״ח מס׳ 12 (Annual report, ch. 3)",
    "ג׳ירפה וצ׳יפס",
]


@pytest.mark.parametrize("text", GERESH)
def test_hebrew_geresh_and_gershayim_are_read_in_windows_1255(text):
    assert decode_text(text.encode("cp1255")) == (text, "cp1255")
    assert _oddities(text) == 0


def test_a_geresh_after_no_hebrew_letter_is_still_a_sign_of_a_wrong_reading():
    # windows-1255 puts the geresh and gershayim where windows-1251 puts Ч and Ш: "Что" and "Шаг" read
    # "׳עמ" and "״אד" (т, о, а, г are ע, מ, א, ד): a geresh and a gershayim opening a word, and a mem
    # closing one
    assert "Что Шаг".encode("cp1251").decode("cp1255") == "׳עמ ״אד"
    assert _oddities("׳עמ ״אד") == 3
    assert decode_text("Что это? Шаг назад.".encode("cp1251")) == ("Что это? Шаг назад.", "cp1251")


#: Greek words whose windows-1253 bytes read as KOI8-R capitals closed by a small э or ч (its ά and ή) or
#: as windows-1251 words of consonants alone (its ό, ο and ς are ь, п and т): "ЛЕТэ", "ПЕЯИОВч", "Сьлпт"
GREEK_WORDS = ["μετά", "περιοχή", "εγγραφή", "σχετικά", "Ρόλος"]


@pytest.mark.parametrize("text", GREEK_WORDS)
def test_short_greek_words_are_read_in_windows_1253(text):
    assert decode_text(text.encode("cp1253")) == (text, "cp1253")


def test_cyrillic_words_no_language_writes_are_signs_of_a_wrong_reading():
    # a small э or ч closing a word after two capitals: Greek ά and ή read as KOI8-R
    assert _oddities("ЛЕТэ ПЕЯИОВч") == 2
    # small consonants alone, four or more: Greek read as windows-1251
    assert _oddities("Сьлпт чбмзль") == 2
    # an abbreviation inflected after its capitals ("ВУЗы", "КГБэшник"), a syllable of two letters ("Фэ"),
    # words whose vowel is р or ъ ("млрд", "смрт", "дълъг"), abbreviations in capitals or in two cases
    assert _oddities("ВУЗы ГОСТы КГБэшник Фэ млрд смрт дълъг ФССТНД ММДДччмм взгляд Здравствуйте") == 0
